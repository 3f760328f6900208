"""Software pipelining: load block i+1 into the other buffer while block i is computed."""

from __future__ import annotations

import numpy as np
from llmserve.kernels import accumulate, copy

import tilert as tr

BLOCK, STEPS = 256, 6


def main() -> None:
    blocks = [tr.full((BLOCK,), float(i)) for i in range(STEPS)]
    bufs = [tr.zeros((BLOCK,), name=f"buf{i}") for i in range(2)]
    acc = tr.zeros((BLOCK,), name="acc")
    load = copy(bufs[0].partition((64,)), blocks[0]).submit()
    for i in range(STEPS):
        load.wait()
        nxt = None
        if i + 1 < STEPS:
            nxt = copy(bufs[(i + 1) % 2].partition((64,)), blocks[i + 1]).submit()
        accumulate(acc.partition((64,)), bufs[i % 2]).sync()
        if nxt is not None:
            load = nxt
    np.testing.assert_allclose(acc.to_numpy(), np.full(BLOCK, sum(range(STEPS)), np.float32))
    print(acc.to_numpy()[0])


if __name__ == "__main__":
    main()
