"""Probe: GEMM tile shapes past ``GEMM_CONFIGS``' 128x128 (issue 19: ``tk.gemm`` f16 8192 at
0.95 of cuBLAS; Nsight Compute, results/2026-11-26-h100-ncu-gemm-f16-8192.txt, shows cuBLAS
with 320x128 tiles and three warpgroups at 56% L2 throughput where ours, 128x128, runs at 78%).
Each config of ``tk.gemm(config=...)`` timed as graph replays against cuBLAS in the same run;
a config that fails to compile or run is reported and skipped.

    TILERT_BACKEND=cutile python benchmarks/gpu_probe_gemm_tiles.py [SIZE] [DTYPE]"""

from __future__ import annotations

import sys
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from gpu_bench_kernels import _measure, _pair

import tilert as tr
import tilert.kernels as tk


def configs() -> list[tr.Config]:
    out = []
    for bm, bn, bk in ((128, 128, 64), (128, 256, 64), (256, 128, 64), (128, 256, 32)):
        for ctas in (None, 2):
            out.append(
                tr.Config(
                    bm=bm, bn=bn, bk=bk, group=8, waves=1, occupancy=1, num_ctas=ctas, latency=None
                )
            )
    return out


def main() -> None:
    import torch

    size = int(sys.argv[1]) if len(sys.argv) > 1 else 8192
    dt = sys.argv[2] if len(sys.argv) > 2 else "f16"
    a, at = _pair((size, size), dt, 12, 0.1)
    b, bt = _pair((size, size), dt, 13, 0.1)
    c = tr.empty((size, size), dtype=a.dtype)
    ref = torch.empty_like(at)
    for cfg in configs():
        try:
            t = _measure(
                lambda cfg=cfg: tk.gemm(c, a, b, config=cfg),
                {"cublas": lambda: torch.matmul(at, bt, out=ref)},
                10,
            )
            tf = 2.0 * size**3 / 1e12
            print(
                f"{cfg}: ours {tf / t['ours']:6.1f} TFLOP/s, cuBLAS {tf / t['cublas']:6.1f}, "
                f"ratio {t['cublas'] / t['ours']:.3f}",
                flush=True,
            )
        except Exception:  # a probe: report and go on
            print(f"{cfg}: FAILED {traceback.format_exc().splitlines()[-1]}", flush=True)


if __name__ == "__main__":
    main()
