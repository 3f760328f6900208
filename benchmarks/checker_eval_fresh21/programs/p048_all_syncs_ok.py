"""Warm-up ops run through all(): every sync returns a non-empty tuple, so all of them run."""

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

import tilert as tr

bufs = [tr.zeros((32,)) for _ in range(3)]
warmups = [K.fill(H.tiles(b), 1.0) for b in bufs]
assert all(op.sync() for op in warmups)
assert all(np.allclose(b.to_numpy(), 1.0) for b in bufs)
