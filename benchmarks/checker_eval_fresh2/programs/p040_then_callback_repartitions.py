"""The second op of a chain partitions the held tensor afresh (with another tiling)."""

from __future__ import annotations

import numpy as np
from llmserve.kernels import copy, scale

import tilert as tr

N = 1024


def main() -> None:
    x = tr.full((N,), 1.5)
    h = tr.empty((N,))
    op = copy(h.partition((256,)), x).then(lambda *_: scale(h.partition((128,)), 2.0))
    op.sync()
    np.testing.assert_allclose(h.to_numpy(), np.full(N, 3.0, np.float32))
    print(h.to_numpy()[0])


if __name__ == "__main__":
    main()
