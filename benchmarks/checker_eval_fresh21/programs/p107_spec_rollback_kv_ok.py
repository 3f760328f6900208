"""Speculative decoding: the verifier's pass is waited, then the rejected rows are zeroed."""

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

import tilert as tr

kv = H.upload(np.ones((8, 16)))
scores = tr.zeros((8, 16))
verify = K.scale(scores.partition((1, 16)), kv, 0.25).submit()
verify.wait()
accepted = int((scores.to_numpy().sum(axis=1) > 0).sum()) - 3
kv[accepted:].copy_from(np.zeros((8 - accepted, 16), dtype=np.float32))
assert kv.to_numpy().sum() == accepted * 16
