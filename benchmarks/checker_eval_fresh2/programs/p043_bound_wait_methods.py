"""Cleanup actions collected as bound `wait` methods and run before reading."""

from __future__ import annotations

import numpy as np
from llmserve.kernels import fill

import tilert as tr

N = 256


def main() -> None:
    bufs = [tr.empty((N,)) for _ in range(4)]
    cleanups = []
    for i, b in enumerate(bufs):
        p = fill(b.partition((64,)), float(i)).submit()
        cleanups.append(p.wait)
    for c in cleanups:
        c()
    vals = [float(b.to_numpy()[0]) for b in bufs]
    np.testing.assert_allclose(vals, [0.0, 1.0, 2.0, 3.0])
    print(vals)


if __name__ == "__main__":
    main()
