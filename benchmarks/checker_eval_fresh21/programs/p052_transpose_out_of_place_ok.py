"""A transpose of a square mask into a second buffer, then copied back."""

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

import tilert as tr

mask = H.upload(np.tril(np.ones((8, 8))))
tmp = tr.zeros((8, 8))
K.copy(tmp.partition((1, 8)), mask.T).sync()
K.copy(mask.partition((1, 8)), tmp).sync()
assert np.array_equal(mask.to_numpy(), np.triu(np.ones((8, 8))))
