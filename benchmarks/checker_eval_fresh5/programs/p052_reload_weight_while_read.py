"""Weights in a dict; one is reloaded from a checkpoint array while projections still read it."""

from __future__ import annotations

import numpy as np
from llmdeck.kernels import matvec

import tilert as tr

D = 32
weights = {name: tr.ones((D, D), name=name) for name in ("up", "down")}
x = tr.ones((D,))
outs = {name: tr.zeros((D,)) for name in weights}
pend = [matvec(outs[n].partition((16,)), weights[n], x, 16).submit() for n in weights]
checkpoint = np.full((D, D), 0.5, dtype=np.float32)
weights["down"].copy_from(checkpoint)  # expect: TC103
for p in pend:
    p.wait()
