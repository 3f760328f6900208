"""Partitions made by a helper of the package and consumed by one launch each."""

from __future__ import annotations

import numpy as np
from llmkit.kernels import axpy, scale
from llmkit.layers import tiles

import tilert as tr


def main() -> None:
    h = tr.ones((512,), name="h")
    x = tr.full((512,), 0.5)
    part = tiles(h)
    scale(part, 2.0).sync()
    axpy(tiles(h), x, 2.0).sync()
    np.testing.assert_allclose(h.to_numpy(), 3.0)
    print("h:", h.to_numpy()[0])


if __name__ == "__main__":
    main()
