"""Scale then shift, chained: the first op's partition is handed to the second op inside the
.then callback, as ownership moves along a chain."""

from __future__ import annotations

import numpy as np
from llmkit.kernels import axpy, scale

import tilert as tr


def main() -> None:
    y = tr.ones((512,), name="y")
    bias = tr.full((512,), 0.25)
    scale(y.partition((128,)), 4.0).then(lambda yp, *_: axpy(yp, bias, 1.0)).sync()
    np.testing.assert_allclose(y.to_numpy(), 4.25)
    print("y:", y.to_numpy()[0])


if __name__ == "__main__":
    main()
