"""Deferred launches as thunks that make their plan when called; the weight is logged first."""

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

w = H.upload(np.ones(32))
thunks = [lambda: K.scale_(H.tiles(w), 0.5).sync() for _ in range(2)]
before = float(w.to_numpy().sum())
for thunk in thunks:
    thunk()
assert before == 32.0 and np.allclose(w.to_numpy(), 0.25)
