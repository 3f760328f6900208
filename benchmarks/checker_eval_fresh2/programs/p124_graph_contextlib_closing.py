"""A helper captures a graph and returns it; the caller replays it under contextlib.closing."""

from __future__ import annotations

import contextlib

import numpy as np
from llmserve.kernels import axpy, scale

import tilert as tr

N = 512


def capture_step(h: tr.Tensor, x: tr.Tensor) -> tr.Graph:
    with tr.graph() as g:
        g.record(scale(h.partition((128,)), 0.5))
        g.record(axpy(h.partition((128,)), x, 1.0))
    return g


def main() -> None:
    h = tr.zeros((N,))
    x = tr.ones((N,))
    with contextlib.closing(capture_step(h, x)) as g:
        for _ in range(3):
            g.launch().wait()
    np.testing.assert_allclose(h.to_numpy(), np.full(N, 1.75, np.float32))
    print(h.to_numpy()[0])


if __name__ == "__main__":
    main()
