"""Early stopping over validation shards: after each epoch's launches, all waited, the two
lowest-loss shards are picked with heapq.nsmallest."""

from __future__ import annotations

import heapq

import numpy as np

import tilert as tr
from vkit import kernels as K
from vkit.host import tiles, upload

N = 128
x = upload(np.linspace(0.0, 1.0, N), name="val")
losses = [tr.zeros(N, name=f"loss{i}") for i in range(3)]
for epoch in range(2):
    pendings = [K.scale(tiles(t), x, epoch + i + 1.0).submit() for i, t in enumerate(losses)]
    for p in pendings:
        p.wait()
    keep = heapq.nsmallest(2, losses, key=lambda t: float(t.to_numpy().mean()))
    print(epoch, [t.name for t in keep])
