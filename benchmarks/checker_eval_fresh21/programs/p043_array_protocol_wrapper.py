"""An activation wrapper with __array__ (numpy's protocol) and __imul__ that submits a scale;
np.asarray reads it before the scale is waited."""

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

import tilert as tr


class Activation:
    def __init__(self, values: np.ndarray) -> None:
        self.t = H.upload(values)
        self.pending: tr.Pending | None = None

    def __imul__(self, a: float) -> "Activation":
        self.pending = K.scale_(H.tiles(self.t), a).submit()
        return self

    def __array__(self, dtype: object = None, copy: object = None) -> np.ndarray:
        return self.t.to_numpy()  # expect: TC102

    def settle(self) -> None:
        if self.pending is not None:
            self.pending.wait()


act = Activation(np.ones(32))
act *= 0.5
print(np.asarray(act).mean())  # expect-also
act.settle()
