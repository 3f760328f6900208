"""A decoder keeps its KV rows on `self`; `snapshot()` is called before `settle()`."""

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
        return self.kv.to_numpy().copy()  # expect: TC102

    def settle(self) -> None:
        while self.pending:
            self.pending.pop().wait()


dec = Decoder(3, 64)
dec.step(0.5)
before = dec.snapshot()  # expect-also
dec.settle()
print(before.sum())
