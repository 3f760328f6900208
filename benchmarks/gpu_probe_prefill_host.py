"""Probe: where a 512-token prefill's time goes, 4 layers of the Qwen3-4B shape: the wall time
of a warm prefill, and a cProfile of one (host time by function). Made when the benchmark's
prefill row fell from 4578 to 2846 tokens/s between 76f998c and 8c6de1f (docs/models.md)."""

from __future__ import annotations

import cProfile
import pstats
import sys
import time
from pathlib import Path

import numpy as np
import torch

sys.path.insert(0, str(Path(__file__).resolve().parent))
from gpu_bench_qwen3 import engine_from, hf_model, qwen3_4b_config, save

import tilert._accel as accel


def main() -> None:
    path = save(hf_model(qwen3_4b_config(4)))
    torch.cuda.empty_cache()
    engine = engine_from(path, max_seq=600)
    prompt = [int(t) for t in np.random.default_rng(0).integers(0, 151936, 512)]
    for _ in range(2):
        start = time.perf_counter()
        engine.prefill(prompt)
        print(f"prefill {time.perf_counter() - start:.4f} s (C launch path: {accel.active()})")
    profile = cProfile.Profile()
    profile.enable()
    engine.prefill(prompt)
    profile.disable()
    pstats.Stats(profile).sort_stats("tottime").print_stats(22)


if __name__ == "__main__":
    main()
