"""Probe: how ``tk.decode_attention`` should cut a long cache (issue 19's
``decode-attention-vs-copy``: 32 query heads on 8 KV heads, 32768 positions of 128, f16; 0.78
of a device copy's bandwidth with the default splits). Times the op as graph replays for split
lengths from 256 to 4096 positions (the default picked 1024, 256 blocks, until this probe showed
one wave, 2048, faster), each against a copy of the same bytes in the same run (run it again
with TILERT_DEPENDENT_LAUNCH=1 to see what overlapping the combine's launch with the split
buys). Prints GB/s of the cache read; writes
``$OUT/decode_splits.json`` when OUT is set.

    TILERT_BACKEND=cutile python benchmarks/gpu_probe_decode_splits.py"""

from __future__ import annotations

import json
import os
import sys
import traceback
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from gpu_bench_kernels import _copy, _measure, _pair

import tilert as tr
import tilert.kernels as tk

HQ, HK, SEQ, D = 32, 8, 32768, 128


def main() -> None:
    q, _ = _pair((HQ, D), "f16", 9)
    kc, _ = _pair((HK, SEQ, D), "f16", 10)
    vc, _ = _pair((HK, SEQ, D), "f16", 11)
    out = tr.empty((HQ, D), dtype=tr.f16)
    moved = 2 * HK * SEQ * D * 2
    rows: list[dict[str, Any]] = []
    for split_len in (None, 256, 512, 768, 1024, 1536, 2048, 4096):
        try:
            ws = tk.decode_workspace(q, kc, split_len)
            t = _measure(
                lambda s=split_len, w=ws: tk.decode_attention(
                    out, q, kc, vc, SEQ, split_len=s, workspace=w
                ),
                {"copy": _copy(moved)},
                50,
            )
            ours, copy = moved / t["ours"] / 1e9, moved / t["copy"] / 1e9
            rows.append({"split_len": split_len, "GBps": ours, "copy_GBps": copy})
            print(
                f"split_len {split_len!s:>5}: {ours:7.1f} GB/s, copy {copy:7.1f}, "
                f"ratio {ours / copy:.3f}, {t['ours'] * 1e6:6.1f} us",
                flush=True,
            )
        except Exception:  # a probe: report and go on
            print(f"split_len {split_len}: FAILED\n{traceback.format_exc()}", flush=True)
    if os.environ.get("OUT"):
        with open(os.path.join(os.environ["OUT"], "decode_splits.json"), "w") as f:
            json.dump(rows, f, indent=1)


if __name__ == "__main__":
    main()
