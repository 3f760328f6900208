"""A run record whose __setattr__ logs each tensor attribute's norm, set after the wait."""

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

import tilert as tr


class RunRecord:
    def __setattr__(self, name: str, value: object) -> None:
        if isinstance(value, tr.Tensor):
            norm = float(np.linalg.norm(value.to_numpy()))
            print(f"{name}: |x| = {norm:.3f}")
        super().__setattr__(name, value)


rec = RunRecord()
hidden = tr.zeros((32,))
p = K.scale(H.tiles(hidden), H.upload(np.ones(32)), 0.25).submit()
p.wait()
rec.hidden = hidden
assert np.allclose(rec.hidden.to_numpy(), 0.25)
