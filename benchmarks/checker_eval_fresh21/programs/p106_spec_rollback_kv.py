"""Speculative decoding: rejected draft rows are zeroed in the KV cache while the verifier's
submitted pass still reads the cache."""

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

import tilert as tr

kv = H.upload(np.ones((8, 16)))
scores = tr.zeros((8, 16))
verify = K.scale(scores.partition((1, 16)), kv, 0.25).submit()
accepted = 5
kv[accepted:].copy_from(np.zeros((3, 16), dtype=np.float32))  # expect: TC103
verify.wait()
