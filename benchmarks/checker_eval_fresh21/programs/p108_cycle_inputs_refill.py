"""Inputs rotated through itertools.cycle over two staging buffers, all waits at the end: the
third chunk refills a buffer the first launch still reads."""

import itertools

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

import tilert as tr

chunks = [np.full(32, i, dtype=np.float32) for i in range(3)]
staging = itertools.cycle([tr.zeros((32,)), tr.zeros((32,))])
outs = [tr.zeros((32,)) for _ in chunks]
pendings = []
for chunk, out in zip(chunks, outs, strict=True):
    buf = next(staging)
    buf.copy_from(chunk)  # expect: TC103
    pendings.append(K.scale(H.tiles(out), buf, 2.0).submit())
H.wait_all(pendings)
