"""Normalization under `contextlib.suppress`: the op is built after the division succeeds."""

import contextlib

import numpy as np
from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr

hidden = tr.ones((64,), name="hidden")
normed = tr.zeros((64,), name="normed")
for counts in ([0, 0], [2, 2]):
    with contextlib.suppress(ZeroDivisionError):
        inv = 1.0 / sum(counts)
        K.scale(tiles(normed), hidden, inv).sync()
assert np.all(normed.to_numpy() == 0.25)
print(normed.to_numpy()[:2])
