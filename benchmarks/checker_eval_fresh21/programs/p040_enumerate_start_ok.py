"""Waits with enumerate(pendings, start=1) for one-based request numbers, then the batch read."""

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

import tilert as tr

x = H.upload(np.arange(32))
outs = [tr.zeros((32,)) for _ in range(4)]
pendings = [K.scale(H.tiles(o), x, i + 1.0).submit() for i, o in enumerate(outs)]
for i, p in enumerate(pendings, start=1):
    p.wait()
    print("request", i, "done")
batch = np.stack([o.to_numpy() for o in outs])
assert np.allclose(batch[:, 1], [1, 2, 3, 4])
