"""A layer's weight setter used between two forwards, each waited first."""

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles, vec

import tilert as tr


class Gate:
    def __init__(self, n: int) -> None:
        self._w = vec(np.ones(n))

    @property
    def weight(self) -> tr.Tensor:
        return self._w

    @weight.setter
    def weight(self, new: tr.Tensor) -> None:
        self._w.copy_from(new)


gate = Gate(64)
x = vec(np.arange(64))
out = tr.zeros((64,))
pending = K.mul(tiles(out), x, gate.weight).submit()
pending.wait()
first = out.to_numpy().copy()
gate.weight = vec(np.full(64, 2.0))
K.mul(tiles(out), x, gate.weight).sync()
assert np.allclose(first, np.arange(64))
assert np.allclose(out.to_numpy(), 2 * np.arange(64))
