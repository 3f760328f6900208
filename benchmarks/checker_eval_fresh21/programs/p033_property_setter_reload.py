"""A weight wrapper whose property setter copies a reload in while a submitted forward reads it."""

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

import tilert as tr


class Weight:
    def __init__(self, values: np.ndarray) -> None:
        self._t = H.upload(values)

    @property
    def tensor(self) -> tr.Tensor:
        return self._t

    @tensor.setter
    def tensor(self, values: np.ndarray) -> None:
        self._t.copy_from(values.astype(np.float32))  # expect: TC103


w = Weight(np.ones(32))
out = tr.zeros((32,))
fwd = K.mul(H.tiles(out), w.tensor, H.upload(np.arange(32))).submit()
w.tensor = np.full(32, 2.0)  # expect-also
fwd.wait()
