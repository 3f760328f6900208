"""functools.partial binds a kernel's scalar; each launch gets a fresh partition."""

from __future__ import annotations

import functools

import numpy as np
from llmserve.kernels import axpy, scale

import tilert as tr

N = 512


def main() -> None:
    halve = functools.partial(scale, a=0.5)
    add_bias = functools.partial(axpy, x=tr.ones((N,)), a=3.0)
    h = tr.full((N,), 8.0)
    for _ in range(2):
        halve(h.partition((128,))).sync()
    add_bias(h.partition((128,))).sync()
    np.testing.assert_allclose(h.to_numpy(), np.full(N, 5.0, np.float32))
    print(h.to_numpy()[0])


if __name__ == "__main__":
    main()
