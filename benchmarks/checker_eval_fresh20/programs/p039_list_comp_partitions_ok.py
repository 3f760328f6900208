"""Gradient accumulation over micro-batches, a fresh partition made per launch."""

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import upload

import tilert as tr

acc = tr.zeros((32,))
micro = [upload(np.full(32, 1.0)), upload(np.full(32, 2.0))]
for mb in micro:
    K.accum(acc.partition((8,)), mb).sync()
assert float(acc.to_numpy()[0]) == 3.0
