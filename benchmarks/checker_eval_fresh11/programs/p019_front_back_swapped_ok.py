"""Double buffering: load the next batch into `back` while `front` is reduced; swap both the
buffers and their Pendings."""

import numpy as np
from llmkit import kernels as K
from llmkit.host import load, tiles

import tilert as tr

batches = [np.full(256, i, np.float32) for i in range(6)]
front, back = tr.zeros((256,)), tr.zeros((256,))
out = tr.zeros((256,))
front_ready = load(batches[0], front)
sums = []
for i in range(len(batches)):
    back_ready = load(batches[i + 1], back) if i + 1 < len(batches) else None
    front_ready.wait()
    K.scale(tiles(out), front, 2.0).sync()
    sums.append(float(out.to_numpy().sum()))
    if back_ready is None:
        break
    front, back = back, front
    front_ready = back_ready
assert sums == [2 * 256 * i for i in range(6)], sums
