"""A draft model that captures its proposal step as a graph, with a tensor made in a method."""

from __future__ import annotations

from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr


class Draft:
    def __init__(self, width: int) -> None:
        self.width = width
        self.cache = tr.zeros((width,), name="draft.cache")

    def proposal(self) -> tr.Tensor[tr.f32]:
        return tr.full((self.width,), 0.5)  # expect: TC111

    def capture(self) -> tr.Graph:
        with tr.graph() as g:
            g.record(k.acc(tiles(self.cache), self.proposal()))  # expect-also
        return g


draft = Draft(8)
graph = draft.capture()
graph.launch().wait()
graph.close()
print(draft.cache.to_numpy())
