"""A KV cache filled by position: each step copies the new block into a slice view
cache[pos:pos + 64]; one step's copy is in flight while the next slice (disjoint) is written."""

from __future__ import annotations

import numpy as np
from llmkit.kernels import copy

import tilert as tr


def main(blocks: int = 4) -> None:
    cache = tr.zeros((64 * blocks,), name="cache")
    prev: tr.Pending | None = None
    for b in range(blocks):
        pos = 64 * b
        new = tr.full((64,), float(b))
        pend = copy(cache[pos : pos + 64].partition((64,)), new).submit()
        if prev is not None:
            prev.wait()
        prev = pend
    if prev is not None:
        prev.wait()
    np.testing.assert_allclose(cache.to_numpy()[::64], np.arange(blocks, dtype=np.float32))
    print("cache blocks:", cache.to_numpy()[::64])


if __name__ == "__main__":
    main()
