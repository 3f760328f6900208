"""A runner swaps in new LoRA-merged weights between replays of its captured graph with
`copy_from`, while the graph (not yet closed) reads them."""

from __future__ import annotations

import numpy as np
from llmforge import kernels as k

import tilert as tr


class LoraRunner:
    def __init__(self, n: int) -> None:
        self.w = tr.ones((n,), name="w")
        self.x = tr.full((n,), 2.0)
        self.y = tr.zeros((n,))
        with tr.graph() as g:
            g.record(k.mul(self.y.partition((16,)), self.x, self.w))
        self.graph = g

    def run(self) -> None:
        self.graph.launch().wait()

    def load_adapter(self, merged: np.ndarray) -> None:
        self.w.copy_from(merged)  # expect: TC103


r = LoraRunner(64)
r.run()
r.load_adapter(np.full(64, 3.0, np.float32))  # expect-also
r.run()
r.graph.close()
