"""Inputs rotated through itertools.cycle over two staging buffers, each paired with its last
Pending, which is waited before the buffer is refilled."""

import itertools

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

import tilert as tr

chunks = [np.full(32, i, dtype=np.float32) for i in range(4)]
slots: list[list] = [[tr.zeros((32,)), None], [tr.zeros((32,)), None]]
staging = itertools.cycle(slots)
outs = [tr.zeros((32,)) for _ in chunks]
for chunk, out in zip(chunks, outs, strict=True):
    slot = next(staging)
    if slot[1] is not None:
        slot[1].wait()
    slot[0].copy_from(chunk)
    slot[1] = K.scale(H.tiles(out), slot[0], 2.0).submit()
for _, pending in slots:
    pending.wait()
assert [float(o.to_numpy()[0]) for o in outs] == [0.0, 2.0, 4.0, 6.0]
