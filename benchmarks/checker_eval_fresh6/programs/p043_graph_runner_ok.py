"""A model runner that owns a captured graph: captured once from the same forward used
eagerly, replayed per token (each replay waited), closed by `close()`, then read."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
from llmforge import kernels as k

import tilert as tr

D, LAYERS = 64, 3


class Runner:
    def __init__(self) -> None:
        self.x = tr.ones((D,), name="x")
        self.gates = [tr.full((D,), 0.5 + 0.25 * i) for i in range(LAYERS)]
        self.h = [tr.zeros((D,)) for _ in range(LAYERS)]
        self.graph: tr.Graph | None = None

    def forward_ops(self) -> Iterator[tr.Op]:
        """One op at a time: eagerly each is synced before the next is made."""
        src = self.x
        for gate, h in zip(self.gates, self.h, strict=True):
            yield k.mul(h.partition((16,)), src, gate)
            src = h
        yield k.copy(self.x.partition((16,)), src)

    def capture(self) -> None:
        with tr.graph() as g:
            for op in self.forward_ops():
                g.record(op)
        self.graph = g

    def decode(self, tokens: int) -> None:
        assert self.graph is not None
        for _ in range(tokens):
            self.graph.launch().wait()

    def close(self) -> np.ndarray:
        if self.graph is not None:
            self.graph.close()
            self.graph = None
        return self.x.to_numpy()


runner = Runner()
for op in runner.forward_ops():
    op.sync()
runner.capture()
runner.decode(2)
result = runner.close()
factor = 0.5 * 0.75 * 1.0
assert np.allclose(result, factor**3), result[:2]
print(result[0])
