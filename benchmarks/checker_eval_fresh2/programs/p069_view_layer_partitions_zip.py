"""Partitions of adjacent layers of one cache, alive together and run with tr.zip."""

from __future__ import annotations

import numpy as np
from llmserve.kernels import fill

import tilert as tr

LAYERS, DIM = 4, 128


def main() -> None:
    kv = tr.zeros((LAYERS, DIM), name="kv")
    parts = [kv[layer].partition((DIM,)) for layer in range(LAYERS)]
    ops = [fill(part, float(i)) for i, part in enumerate(parts)]
    tr.zip(*ops).sync()
    np.testing.assert_allclose(kv.to_numpy()[:, 0], [0.0, 1.0, 2.0, 3.0])
    print(kv.to_numpy()[:, 0])


if __name__ == "__main__":
    main()
