"""A captured projection; its output is inspected through a reshape while the graph is open."""

from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
from tilert import Tensor, f32


class Projection:
    def __init__(self) -> None:
        self.x = tr.arange(8, dtype=f32)
        self.out = tr.zeros((8,), dtype=f32)
        self.g = tr.Graph()

    def capture(self) -> None:
        with self.g:
            self.g.record(k.scale(tiles(self.out), self.x, 2.0))

    def heads(self) -> Tensor[f32]:
        return self.out.reshape(2, 4)


proj = Projection()
proj.capture()
proj.g.launch().wait()
print(proj.heads().to_numpy())  # expect: TC102
proj.g.close()
