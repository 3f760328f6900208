"""A decoder keeps its KV rows on `self`; `peek` runs only after `settle`."""

import numpy as np
from llmquill.host import tiles, vec
from llmquill.kernels import scale


class Decoder:
    def __init__(self, rows: int, width: int) -> None:
        self.cache = vec(rows * width).reshape(rows, width)
        self.x = vec(width, 1.0)
        self.pending = None

    def step(self, row: int) -> None:
        self.pending = scale(tiles(self.cache[row]), self.x, float(row + 1)).submit()

    def peek(self, row: int) -> float:
        return float(self.cache[row].to_numpy().sum())

    def settle(self) -> None:
        if self.pending is not None:
            self.pending.wait()
            self.pending = None


dec = Decoder(4, 32)
for r in range(4):
    dec.step(r)
    # settle every step before looking at the row
    dec.settle()
    assert dec.peek(r) == 32.0 * (r + 1)
assert np.allclose(dec.cache.to_numpy()[:, 0], [1, 2, 3, 4])
