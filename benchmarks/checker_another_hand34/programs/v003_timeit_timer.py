"""Benchmark of a scale launch with timeit.Timer: the op is built once and its bound sync handed
to the timer, which repeats it."""

from __future__ import annotations

import timeit

import numpy as np

import tilert as tr
from vkit import kernels as K
from vkit.host import tiles, upload

N = 4096


def bench(op: tr.Op, runs: int) -> float:
    timer = timeit.Timer(op.sync)
    best = min(timer.repeat(repeat=runs, number=1))  # expect: TC110
    return best * 1e6


def main() -> None:
    x = upload(np.arange(N), name="x")
    y = tr.zeros(N, name="y")
    op = K.scale(tiles(y), x, 3.0)
    us = bench(op, runs=3)
    np.testing.assert_allclose(y.to_numpy(), 3.0 * np.arange(N))
    print(f"scale f32[{N}]: best {us:.1f} us")


if __name__ == "__main__":
    main()
