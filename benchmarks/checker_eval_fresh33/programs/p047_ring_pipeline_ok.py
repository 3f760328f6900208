"""A three-deep pipeline: up to two scaled chunks stay in flight while the host consumes
the oldest one."""

from collections import deque

import numpy as np
from servekit import TILE, scale

import tilert as tr

DEPTH, CHUNK, N_CHUNKS = 3, 512, 7
rng = np.random.default_rng(47)
chunks = [tr.from_numpy(rng.standard_normal(CHUNK).astype(np.float32)) for _ in range(N_CHUNKS)]
ring = [tr.empty((CHUNK,), name=f"slot{i}") for i in range(DEPTH)]
inflight: deque[tuple[tr.Pending, int]] = deque()
norms = []

for i, chunk in enumerate(chunks):
    if len(inflight) == DEPTH - 1:
        pend, slot = inflight.popleft()
        pend.wait()
        norms.append(float(np.linalg.norm(ring[slot].to_numpy())))
    slot = i % DEPTH
    inflight.append((scale(ring[slot].partition((TILE,)), chunk, 2.0).submit(), slot))

while inflight:
    pend, slot = inflight.popleft()
    pend.wait()
    norms.append(float(np.linalg.norm(ring[slot].to_numpy())))

print(len(norms), [round(x, 2) for x in norms[:3]])
