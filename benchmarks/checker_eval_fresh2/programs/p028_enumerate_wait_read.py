"""Layer outputs read in the same loop that waits for them, by index."""

from __future__ import annotations

import numpy as np
from llmserve.kernels import axpy

import tilert as tr

LAYERS, N = 4, 256


def main() -> None:
    x = tr.ones((N,))
    outs = [tr.full((N,), float(i)) for i in range(LAYERS)]
    pends = []
    for i in range(LAYERS):
        pends.append(axpy(outs[i].partition((64,)), x, 0.5).submit())
    means = []
    for i, p in enumerate(pends):
        p.wait()
        means.append(float(outs[i].to_numpy().mean()))
    np.testing.assert_allclose(means, [i + 0.5 for i in range(LAYERS)])
    print(means)


if __name__ == "__main__":
    main()
