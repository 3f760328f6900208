"""A residual block as one chain: the partition is handed from op to op with .then."""

from __future__ import annotations

import numpy as np
from llmserve.kernels import accumulate, copy, scale

import tilert as tr

N = 1024


def main() -> None:
    x = tr.full((N,), 2.0)
    delta = tr.ones((N,))
    h = tr.empty((N,), name="h")
    chain = (
        copy(h.partition((256,)), x)
        .then(lambda hp, *_: scale(hp, 0.5))
        .then(lambda hp, *_: accumulate(hp, delta))
    )
    chain.sync()
    np.testing.assert_allclose(h.to_numpy(), np.full(N, 2.0, np.float32))
    print(h.to_numpy()[:2])


if __name__ == "__main__":
    main()
