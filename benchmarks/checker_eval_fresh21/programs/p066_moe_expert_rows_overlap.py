"""Mixture-of-experts combine: each expert writes its rows of the output in flight; a routing table
with an off-by-one start makes expert 1's rows overlap expert 0's."""

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

import tilert as tr

tokens = H.upload(np.arange(8 * 16).reshape(8, 16))
out = tr.zeros((8, 16))
routes = {0: (0, 4), 1: (3, 8)}  # expert 1 should start at 4
gains = {0: 0.5, 1: 2.0}
pendings = []
for expert, (start, end) in routes.items():
    plan = out[start:end].partition((1, 16))  # expect: TC102
    pendings.append(K.scale(plan, tokens[start:end], gains[expert]).submit())
H.wait_all(pendings)
