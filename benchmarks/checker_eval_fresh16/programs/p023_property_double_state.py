"""A recurrent cell keeps two buffers; `state` is the other one, so the update never aliases."""

import numpy as np
from llmquill.host import tiles, vec
from llmquill.kernels import add

import tilert as tr


class Cell:
    def __init__(self, n: int) -> None:
        self.bufs = [vec(n), vec(n)]
        self.flip = 0
        self.delta = vec(n, 1.0)

    @property
    def state(self) -> tr.Tensor:
        return self.bufs[self.flip]

    @property
    def out(self) -> tr.Tensor:
        return self.bufs[1 - self.flip]

    def update(self) -> None:
        add(tiles(self.out), self.state, self.delta).sync()
        self.flip = 1 - self.flip


cell = Cell(32)
for _ in range(5):
    cell.update()
assert np.asarray(cell.state)[0] == 5.0
