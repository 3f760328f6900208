"""Continuous batching: a finished request's slot is handed to the next request before the
finished one's output is harvested from it."""

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

import tilert as tr

x = H.upload(np.arange(16))
slots = [tr.zeros((16,)) for _ in range(2)]
owner = {0: "a", 1: "b"}
pendings = {s: K.scale(H.tiles(buf), x, 1.0).submit() for s, buf in enumerate(slots)}
pendings[0].wait()
owner[0] = "c"
pendings[0] = K.scale(H.tiles(slots[0]), x, 5.0).submit()
harvest = {"a": slots[0].to_numpy().copy()}  # expect: TC102
for p in pendings.values():
    p.wait()
