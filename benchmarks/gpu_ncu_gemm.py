"""Where a persistent GEMM's time goes against cuBLAS (issue 19: ``tk.gemm`` f16 8192 at 0.95
of cuBLAS, asked >= 0.97): one call of each, tuned and warm, between
``cudaProfilerStart``/``Stop`` so that Nsight Compute profiles those two kernels only.

    ncu --profile-from-start off --clock-control none --section SpeedOfLight \\
        --section ComputeWorkloadAnalysis --section WarpStateStats --section Occupancy \\
        --section LaunchStats python benchmarks/gpu_ncu_gemm.py [SIZE] [DTYPE]"""

from __future__ import annotations

import sys

import numpy as np
import torch

import tilert as tr
import tilert.kernels as tk
from tilert.kernels import matmul


def main() -> None:
    size = int(sys.argv[1]) if len(sys.argv) > 1 else 8192
    dt = sys.argv[2] if len(sys.argv) > 2 else "f16"
    np_dt, tdt = {"f16": (np.float16, torch.float16), "bf16": (tr.bf16.np_dtype, torch.bfloat16)}[
        dt
    ]
    rng = np.random.default_rng(0)
    a_np, b_np = ((rng.standard_normal((size, size)) * 0.1).astype(np_dt) for _ in range(2))
    a, b = tr.from_numpy(a_np), tr.from_numpy(b_np)
    c = tr.empty((size, size), dtype=a.dtype)
    at = torch.from_numpy(a_np.astype(np.float32)).cuda().to(tdt)
    bt = torch.from_numpy(b_np.astype(np.float32)).cuda().to(tdt)
    ref = torch.empty_like(at)
    tk.gemm(c, a, b).sync()  # tunes (outside the profiled range)
    torch.matmul(at, bt, out=ref)
    torch.cuda.synchronize()
    print("tuned config:", matmul._gemm.best_config(c, a, b), flush=True)
    torch.cuda.profiler.start()
    tk.gemm(c, a, b).sync()
    torch.matmul(at, bt, out=ref)
    torch.cuda.synchronize()
    torch.cuda.profiler.stop()


if __name__ == "__main__":
    main()
