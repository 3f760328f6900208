"""Continuous batching: a finished request's output is harvested, then its slot handed on."""

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

import tilert as tr

x = H.upload(np.arange(16))
slots = [tr.zeros((16,)) for _ in range(2)]
owner = {0: "a", 1: "b"}
pendings = {s: K.scale(H.tiles(buf), x, 1.0).submit() for s, buf in enumerate(slots)}
pendings[0].wait()
harvest = {owner[0]: slots[0].to_numpy().copy()}
owner[0] = "c"
pendings[0] = K.scale(H.tiles(slots[0]), x, 5.0).submit()
for s, p in pendings.items():
    p.wait()
    harvest[owner[s]] = slots[s].to_numpy().copy()
assert harvest["a"][1] == 1.0 and harvest["b"][1] == 1.0 and harvest["c"][1] == 5.0
