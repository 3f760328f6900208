"""The same projections; the wait loop names only q and k, then all three are read."""

from __future__ import annotations

import numpy as np
from llmdeck.kernels import matvec

import tilert as tr

D = 32
weights = {n: tr.ones((D, D)) for n in ("q", "k", "v")}
outs = {n: tr.zeros((D,)) for n in weights}
x = tr.ones((D,))

pending = {}
for name, w in weights.items():
    pending[name] = matvec(outs[name].partition((16,)), w, x, 16).submit()
for name in ("q", "k"):
    pending[name].wait()
stacked = np.stack([outs[n].to_numpy() for n in ("q", "k", "v")])  # expect: TC102
pending["v"].wait()
