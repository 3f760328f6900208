"""A recurrent cell's `state` property is its `out` buffer; the update reads it while writing."""

import numpy as np
from llmquill.host import tiles, vec
from llmquill.kernels import add

import tilert as tr


class Cell:
    def __init__(self, n: int) -> None:
        self.out = vec(n)
        self.delta = vec(n, 1.0)

    @property
    def state(self) -> tr.Tensor:
        return self.out

    def update(self) -> None:
        add(tiles(self.out), self.state, self.delta).sync()  # expect: TC101


cell = Cell(32)
cell.update()  # expect-also
print(np.asarray(cell.out)[0])
