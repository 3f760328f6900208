"""Hard-example mining: pick the two lowest-loss micro-batches with heapq.nsmallest."""

import heapq

import numpy as np
from llmorbit import kernels as K
from llmorbit.host import tiles, upload

import tilert as tr

rng = np.random.default_rng(5)
batches = [upload(rng.random(64)) for _ in range(4)]
losses = [tr.zeros((64,), name=f"loss{i}") for i in range(4)]
pending = [K.mul(tiles(loss), b, b).submit() for loss, b in zip(losses, batches, strict=True)]
for p in pending[:-1]:
    p.wait()
easy = heapq.nsmallest(2, range(4), key=lambda i: losses[i].to_numpy().mean())  # expect: TC102
pending[-1].wait()
print(easy)
