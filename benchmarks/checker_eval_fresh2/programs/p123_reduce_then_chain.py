"""A learning-rate schedule applied as one chain, built with functools.reduce over .then."""

from __future__ import annotations

import functools

import numpy as np
from llmserve.kernels import copy, scale

import tilert as tr

N = 512


def main() -> None:
    x = tr.ones((N,))
    h = tr.empty((N,))
    factors = [0.5, 4.0, 0.25]
    first = copy(h.partition((128,)), x)
    chain = functools.reduce(
        lambda op, f: op.then(lambda hp, *_, f=f: scale(hp, f)), factors, first
    )
    chain.sync()
    np.testing.assert_allclose(h.to_numpy(), np.full(N, 0.5, np.float32))
    print(h.to_numpy()[0])


if __name__ == "__main__":
    main()
