"""A chain callback reads a host-side statistic of the weights (not held by the chain)."""

from __future__ import annotations

import numpy as np
from llmserve.kernels import mul, scale

import tilert as tr

N = 512


def main() -> None:
    x = tr.full((N,), 2.0)
    w = tr.full((N,), 4.0, name="w")
    out = tr.empty((N,))
    norm = tr.full((N,), 16.0, name="norm")

    def normalise(part: tr.Partition, *_: object) -> tr.Op:
        peak = float(norm.to_numpy().max())
        return scale(part, 1.0 / peak)

    mul(out.partition((128,)), x, w).then(normalise).sync()
    np.testing.assert_allclose(out.to_numpy(), np.full(N, 0.5, np.float32))
    print(out.to_numpy()[0])


if __name__ == "__main__":
    main()
