"""Software pipelining over two staging buffers: the next chunk is copied in before the previous
step, which still reads that buffer, is waited."""

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

import tilert as tr

chunks = [np.full(32, i, dtype=np.float32) for i in range(4)]
stage = [tr.zeros((32,)), tr.zeros((32,))]
out = [tr.zeros((32,)), tr.zeros((32,))]
stage[0].copy_from(chunks[0])
results: list[float] = []
prev: tr.Pending | None = None
for i in range(len(chunks)):
    pending = K.scale(H.tiles(out[i % 2]), stage[i % 2], 2.0).submit()
    if i + 1 < len(chunks):
        stage[(i + 1) % 2].copy_from(chunks[i + 1])  # expect: TC103
    if prev is not None:
        prev.wait()
        results.append(float(out[(i - 1) % 2].to_numpy()[0]))
    prev = pending
assert prev is not None
prev.wait()
