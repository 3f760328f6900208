"""Decode: each step writes cache row `pos` and reads the rows before it."""

from __future__ import annotations

import numpy as np
from llmserve.kernels import fill

import tilert as tr

SEQ, DIM = 8, 64


def main() -> None:
    cache = tr.zeros((SEQ, DIM), name="cache")
    prev: tr.Pending | None = None
    history = []
    for pos in range(SEQ):
        p = fill(cache[pos].partition((DIM,)), float(pos + 1)).submit()
        if prev is not None:
            prev.wait()
            history.append(float(cache[:pos].to_numpy().sum()))
        prev = p
    assert prev is not None
    prev.wait()
    np.testing.assert_allclose(history[-1], DIM * sum(range(1, SEQ)))
    print(history)


if __name__ == "__main__":
    main()
