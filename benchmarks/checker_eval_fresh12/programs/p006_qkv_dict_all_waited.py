"""Q, K and V projections submitted into a dict of Pendings, all waited through .values()."""

import numpy as np
from llmserve import kernels as K
from llmserve.host import tiles

import tilert as tr

D = 192
base = np.linspace(-1, 1, D, dtype=np.float32)
hidden = tr.from_numpy(base)
outs = {name: tr.zeros((D,), name=name) for name in ("q", "k", "v")}
gains = {"q": 0.5, "k": 0.25, "v": 2.0}

pendings = {name: K.scale(tiles(outs[name]), hidden, gains[name]).submit() for name in outs}
for p in pendings.values():
    p.wait()

q, k, v = (outs[name].to_numpy() for name in ("q", "k", "v"))
assert np.allclose(q, 0.5 * base) and np.allclose(k, 0.25 * base) and np.allclose(v, 2 * base)
