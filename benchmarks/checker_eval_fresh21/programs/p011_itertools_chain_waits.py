"""Prefill and decode Pendings waited together through itertools.chain, then checked."""

import itertools

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

import tilert as tr

x = H.upload(np.arange(32))
prefill = [tr.zeros((32,)) for _ in range(2)]
decode = [tr.zeros((32,)) for _ in range(3)]
pre_p = [K.scale(H.tiles(b), x, 1.0 + i).submit() for i, b in enumerate(prefill)]
dec_p = [K.scale(H.tiles(b), x, -1.0 - i).submit() for i, b in enumerate(decode)]
for p in itertools.chain(pre_p, dec_p):
    p.wait()
total = sum(b.to_numpy() for b in itertools.chain(prefill, decode))
assert np.allclose(total, np.arange(32) * (1 + 2 - 1 - 2 - 3))
