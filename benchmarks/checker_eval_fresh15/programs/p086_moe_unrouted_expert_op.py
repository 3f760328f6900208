"""Mixture of experts: one op per expert built in a dict comprehension, only routed ones run."""

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles, vec

import tilert as tr

x = vec(np.arange(32))
outs = {e: tr.zeros((32,)) for e in range(4)}
experts = {e: K.scale(tiles(outs[e]), x, float(e)) for e in range(4)}  # expect: TC105
routed = {1, 3}
for e in sorted(routed):
    experts[e].sync()
print({e: float(outs[e].to_numpy()[1]) for e in routed})
