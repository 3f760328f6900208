"""Probe: where a Qwen3-4B decode step's time goes when replayed from its graph — device time
of one replay (events around it), host time of launch+wait, and back-to-back replays — to tell
device-side gaps from host overhead. Random 4B weights, bf16."""

from __future__ import annotations

import cProfile
import pstats
import time

import tilert as tr
from tilert.models.qwen3.config import SIZES
from tilert.models.qwen3.engine import Qwen3
from tilert.models.qwen3.weights import random_weights


def main() -> None:
    weights = random_weights(SIZES["4B"], tr.bf16, 0)
    engine = Qwen3(weights, max_seq=1024)
    engine.prefill(list(range(1, 17)))
    g = engine.capture()
    stream = tr.Stream()
    try:
        g.launch(stream).wait()  # captures the CUDA graph
        print("ops recorded:", len(g), "captured:", type(g._captured).__name__)
        for _ in range(3):
            g.launch(stream).wait()
        start = stream.record()
        g.launch(stream).wait()
        end = stream.record()
        print(f"one replay, device time between events: {start.elapsed_ms(end):.2f} ms")
        t0 = time.perf_counter()
        for _ in range(20):
            g.launch(stream).wait()
        print(f"launch+wait, host: {(time.perf_counter() - t0) / 20 * 1e3:.2f} ms per step")
        t0 = time.perf_counter()
        pendings = [g.launch(stream) for _ in range(20)]
        for p in pendings:
            p.wait()
        print(f"20 back to back, host: {(time.perf_counter() - t0) / 20 * 1e3:.2f} ms per step")
        t0 = time.perf_counter()
        for _ in range(20):
            g.launch(stream)
        launched = time.perf_counter()
        g.launch(stream).wait()
        print(f"host time to launch one replay: {(launched - t0) / 20 * 1e3:.3f} ms")
        profile = cProfile.Profile()
        profile.enable()
        for _ in range(5):
            g.launch(stream).wait()
        profile.disable()
        pstats.Stats(profile).sort_stats("cumulative").print_stats(25)
    finally:
        g.close()


if __name__ == "__main__":
    main()
