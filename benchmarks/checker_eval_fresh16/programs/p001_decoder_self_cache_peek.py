"""A decoder keeps its KV rows on `self`; a debug `peek` reads the row still being written."""

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
        return float(self.cache[row].to_numpy().sum())  # expect: TC102

    def settle(self) -> None:
        if self.pending is not None:
            self.pending.wait()
            self.pending = None


dec = Decoder(4, 32)
dec.step(2)
print("row 2 so far:", dec.peek(2))  # expect-also
dec.settle()
assert np.allclose(dec.cache.to_numpy()[2], 3.0)
