"""A decoder keeps its KV rows on `self`; the snapshot is taken after `settle()`."""

import numpy as np
from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr


class Decoder:
    def __init__(self, layers: int, width: int) -> None:
        self.kv = tr.zeros((layers, width), name="kv")
        self.step_in = tr.ones((width,), name="step_in")
        self.pending: list[tr.Pending] = []

    def step(self, scale: float) -> None:
        for layer in range(self.kv.shape[0]):
            plan = tiles(self.kv[layer])
            self.pending.append(K.scale(plan, self.step_in, scale * (layer + 1)).submit())

    def snapshot(self) -> np.ndarray:
        return self.kv.to_numpy().copy()

    def settle(self) -> None:
        while self.pending:
            self.pending.pop().wait()


dec = Decoder(3, 64)
dec.step(0.5)
dec.settle()
snap = dec.snapshot()
assert np.allclose(snap[:, 0], [0.5, 1.0, 1.5])
print(snap.sum())
