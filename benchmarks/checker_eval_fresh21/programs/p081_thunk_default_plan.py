"""Deferred launches as thunks; the plan is a lambda default, made when the thunk is defined,
and the weight is logged before the thunks run."""

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

w = H.upload(np.ones(32))
thunks = []
thunks.append(lambda plan=H.tiles(w): K.scale_(plan, 0.5).sync())  # noqa: B008
print("before decay:", w.to_numpy().sum())  # expect: TC104
for thunk in thunks:
    thunk()
