"""A decay step bound with functools.partial to the weight tensor itself, not to a plan of it."""

import functools

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

w = H.upload(np.ones(32))
decay = functools.partial(K.scale_, w)
for _ in range(2):
    decay(0.9).sync()  # expect: TC106
