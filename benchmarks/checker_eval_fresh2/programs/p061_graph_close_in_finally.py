"""Benchmark-style replay loop with the graph closed in `finally`."""

from __future__ import annotations

import time

import numpy as np
from llmserve.kernels import axpy

import tilert as tr

N = 2048


def bench(replays: int) -> tuple[float, np.ndarray]:
    x = tr.ones((N,))
    y = tr.zeros((N,))
    g = tr.graph()
    with g:
        g.record(axpy(y.partition((512,)), x, 0.5))
    t0 = time.perf_counter()
    try:
        for _ in range(replays):
            g.launch().wait()
    finally:
        g.close()
    return time.perf_counter() - t0, y.to_numpy()


def main() -> None:
    seconds, y = bench(6)
    np.testing.assert_allclose(y, np.full(N, 3.0, np.float32))
    print(f"{seconds * 1e3:.2f} ms")


if __name__ == "__main__":
    main()
