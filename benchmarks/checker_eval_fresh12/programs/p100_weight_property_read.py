"""A layer exposing its weight through a property; the host inspects the weight while the
forward op (which only reads it) is in flight."""

import numpy as np
from llmserve import kernels as K
from llmserve.host import tiles

import tilert as tr


class Gate:
    def __init__(self, n: int) -> None:
        self._w = tr.full((n,), 0.5, name="gate_w")
        self.out = tr.zeros((n,), name="gate_out")

    @property
    def weight(self) -> np.ndarray:
        return self._w.to_numpy()

    def forward(self, x: tr.Tensor) -> tr.Pending:
        return K.mul(tiles(self.out), x, self._w).submit()


gate = Gate(128)
pend = gate.forward(tr.full((128,), 4.0))
w_mean = float(gate.weight.mean())
pend.wait()
assert w_mean == 0.5 and float(gate.out.to_numpy()[0]) == 2.0
