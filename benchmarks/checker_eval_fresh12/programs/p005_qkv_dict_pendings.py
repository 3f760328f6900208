"""Q, K and V projections submitted into a dict of Pendings; only Q and K are waited."""

import numpy as np
from llmserve import kernels as K
from llmserve.host import tiles

import tilert as tr

D = 192
hidden = tr.from_numpy(np.linspace(-1, 1, D, dtype=np.float32))
outs = {name: tr.zeros((D,), name=name) for name in ("q", "k", "v")}
gains = {"q": 0.5, "k": 0.25, "v": 2.0}

pendings = {name: K.scale(tiles(outs[name]), hidden, gains[name]).submit() for name in outs}
for name in ("q", "k"):
    pendings[name].wait()

q, k, v = (outs[name].to_numpy() for name in ("q", "k", "v"))  # expect: TC102
print(float(q @ k), float(v.sum()))
pendings["v"].wait()
