"""Probe: how the KV cache's size changes a decode step at a fixed context (issue 20). The
decode attention's splits are fixed by the cache's size, so a 512-token context decodes in a
648-position cache with 11 splits per KV head and in a 4232-position one with 33. Decodes 128
tokens after the same 512-token prompt, random Qwen3-4B weights, for several cache sizes in
one process (each size twice, alternated), and profiles one step of the smallest and the
largest by kernel. Writes ``$OUT/qwen3_cache.json`` when OUT is set.

    TILERT_BACKEND=cutile python benchmarks/gpu_probe_qwen3_cache.py"""

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

SIZES_TRIED = (648, 1160, 2184, 4232)


def main() -> None:
    weights = random_weights(SIZES["4B"], tr.bf16, 0)
    prompt = [int(t) for t in np.random.default_rng(0).integers(0, 151936, 512)]
    rates: dict[int, list[float]] = {n: [] for n in SIZES_TRIED}
    for _ in range(2):
        for n in SIZES_TRIED:
            engine = Qwen3(weights, max_seq=n)
            seconds, _ = engine_decode(engine, prompt, 128)
            rates[n].append(round(1 / seconds, 2))
            print(f"cache {n}: {1 / seconds:.1f} tokens/s", flush=True)
            del engine
    profiles = {}
    for n in (SIZES_TRIED[0], SIZES_TRIED[-1]):
        profiles[n] = profile_step(Qwen3(weights, max_seq=n), prompt)
        print(n, json.dumps(profiles[n])[:2000], flush=True)
    if os.environ.get("OUT"):
        path = Path(os.environ["OUT"]) / "qwen3_cache.json"
        path.write_text(json.dumps({"rates": rates, "profiles": profiles}, indent=1))


if __name__ == "__main__":
    main()
