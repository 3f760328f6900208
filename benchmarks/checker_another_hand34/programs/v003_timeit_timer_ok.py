"""Benchmark of a scale launch with timeit.Timer: the timed callable builds a fresh op (and plan)
for every run."""

from __future__ import annotations

import timeit
from collections.abc import Callable

import numpy as np

import tilert as tr
from vkit import kernels as K
from vkit.host import tiles, upload

N = 4096


def bench(make: Callable[[], tr.Op], runs: int) -> float:
    timer = timeit.Timer(lambda: make().sync())
    best = min(timer.repeat(repeat=runs, number=1))
    return best * 1e6


def main() -> None:
    x = upload(np.arange(N), name="x")
    y = tr.zeros(N, name="y")
    us = bench(lambda: K.scale(tiles(y), x, 3.0), runs=3)
    np.testing.assert_allclose(y.to_numpy(), 3.0 * np.arange(N))
    print(f"scale f32[{N}]: best {us:.1f} us")


if __name__ == "__main__":
    main()
