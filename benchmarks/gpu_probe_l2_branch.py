"""Probe (issue 20): the decode step with each layer's o projection prefetched into L2 on a
branch of the step's graph (``Qwen3(l2_prefetch=True)``: ``tk.prefetch_l2`` recorded with
``g.record(op, stream=side)``), against the step without, alternated in one process. Random
Qwen3-4B weights, a 512-token prompt, 128 decoded tokens in the benchmark's 4232-position
cache; greedy tokens compared. The thirteenth session's hand-made fork and join (commit
aeb0928, ``benchmarks/gpu_probe_l2_prefetch.py``) measured +1.5-3.8%. Writes
``$OUT/l2_branch.json`` if OUT is set.

    TILERT_BACKEND=cutile python benchmarks/gpu_probe_l2_branch.py [--profile]"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from gpu_bench_qwen3 import engine_decode, profile_step

import tilert as tr
from tilert.models.qwen3 import Qwen3
from tilert.models.qwen3.config import SIZES
from tilert.models.qwen3.weights import random_weights


def main() -> None:
    weights = random_weights(SIZES["4B"], tr.bf16, 0)
    prompt = [int(t) for t in np.random.default_rng(0).integers(0, 151936, 512)]
    if "--profile" in sys.argv:
        for prefetch in (False, True):
            print(json.dumps(profile_step(Qwen3(weights, 4232, l2_prefetch=prefetch), prompt)))
        return
    rates: dict[str, list[float]] = {"none": [], "l2_prefetch": []}
    tokens: dict[str, list[int]] = {}
    for _ in range(3):
        for name in rates:
            engine = Qwen3(weights, max_seq=4232, l2_prefetch=name != "none")
            seconds, toks = engine_decode(engine, prompt, 128)
            rates[name].append(round(1 / seconds, 2))
            tokens.setdefault(name, toks)
            same = toks == tokens["none"]
            print(f"{name:12s} {1 / seconds:7.1f} tokens/s  tokens as none: {same}", flush=True)
            del engine
    print(json.dumps(rates))
    if os.environ.get("OUT"):
        same = {n: t == tokens["none"] for n, t in tokens.items()}
        path = Path(os.environ["OUT"]) / "l2_branch.json"
        path.write_text(json.dumps({"rates": rates, "same_tokens": same}, indent=1))


if __name__ == "__main__":
    main()
