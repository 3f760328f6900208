"""A layer's weight property with a setter that copies the new values in place."""

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
        self._w.copy_from(new)  # expect: TC103


gate = Gate(64)
x = vec(np.arange(64))
out = tr.zeros((64,))
pending = K.mul(tiles(out), x, gate.weight).submit()
gate.weight = vec(np.full(64, 2.0))  # expect-also
pending.wait()
print(out.to_numpy()[:4])
