"""A model whose blocks own MLP objects; the host reads model.blocks[1].mlp.out while the
forward's Pendings are still held by the model."""

from __future__ import annotations

from llmkit import kernels as K
from llmkit.host import tiles

import tilert as tr


class MLP:
    def __init__(self, n: int) -> None:
        self.out = tr.zeros((n,))


class Block:
    def __init__(self, n: int) -> None:
        self.mlp = MLP(n)


class Model:
    def __init__(self, depth: int, n: int) -> None:
        self.blocks = [Block(n) for _ in range(depth)]
        self.pending: list[tr.Pending] = []

    def forward_async(self, x: tr.Tensor) -> None:
        for i, blk in enumerate(self.blocks):
            self.pending.append(K.scale(tiles(blk.mlp.out), x, float(i + 1)).submit())

    def join(self) -> None:
        for p in self.pending:
            p.wait()
        self.pending = []


model = Model(3, 128)
model.forward_async(tr.arange(128))
mid = model.blocks[1].mlp.out.to_numpy()  # expect: TC102
model.join()
print(mid[:3])
