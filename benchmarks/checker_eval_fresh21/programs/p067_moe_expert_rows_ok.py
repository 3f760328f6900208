"""Mixture-of-experts combine: each expert writes its own disjoint rows of the output in flight."""

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

import tilert as tr

tokens_np = np.arange(8 * 16, dtype=np.float32).reshape(8, 16)
tokens = H.upload(tokens_np)
out = tr.zeros((8, 16))
routes = {0: (0, 4), 1: (4, 8)}
gains = {0: 0.5, 1: 2.0}
pendings = [
    K.scale(out[start:end].partition((1, 16)), tokens[start:end], gains[e]).submit()
    for e, (start, end) in routes.items()
]
H.wait_all(pendings)
ref = np.concatenate([tokens_np[:4] * 0.5, tokens_np[4:] * 2.0])
assert np.allclose(out.to_numpy(), ref)
