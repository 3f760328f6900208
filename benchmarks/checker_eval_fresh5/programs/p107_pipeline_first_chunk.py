"""Pipelined loading with a host checksum per chunk; the wait is skipped for the first chunk."""

from __future__ import annotations

from llmdeck.kernels import copy

import tilert as tr

N, CHUNKS = 32, 4
chunks = [tr.full((N,), float(i)) for i in range(CHUNKS)]
staging = [tr.zeros((N,)), tr.zeros((N,))]

checksum = 0.0
inflight = copy(staging[0].partition((16,)), chunks[0]).submit()
for i in range(CHUNKS):
    nxt = None
    if i + 1 < CHUNKS:
        nxt = copy(staging[(i + 1) % 2].partition((16,)), chunks[i + 1]).submit()
    if i > 0:
        inflight.wait()
    checksum += float(staging[i % 2].to_numpy().sum())  # expect: TC102
    if nxt is not None:
        inflight = nxt
print(checksum)
