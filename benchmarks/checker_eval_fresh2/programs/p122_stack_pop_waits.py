"""Pendings pushed on a stack and popped (newest first) until it is empty."""

from __future__ import annotations

import numpy as np
from llmserve.kernels import fill

import tilert as tr

N = 256


def main() -> None:
    outs = [tr.empty((N,)) for _ in range(4)]
    stack: list[tr.Pending] = []
    for i, o in enumerate(outs):
        stack.append(fill(o.partition((64,)), float(i)).submit())
    while stack:
        stack.pop().wait()
    vals = [float(o.to_numpy()[0]) for o in outs]
    np.testing.assert_allclose(vals, range(4))
    print(vals)


if __name__ == "__main__":
    main()
