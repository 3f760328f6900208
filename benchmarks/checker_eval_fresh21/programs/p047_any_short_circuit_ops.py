"""Warm-up ops run through any(): the first sync returns a non-empty tuple, so any() stops and
the other ops never run."""

from llmloom import host as H
from llmloom import kernels as K

import tilert as tr

bufs = [tr.zeros((32,)) for _ in range(3)]
warmups = [K.fill(H.tiles(b), 1.0) for b in bufs]  # expect: TC105
ran = any(op.sync() for op in warmups)
print("warm", ran)
del warmups
