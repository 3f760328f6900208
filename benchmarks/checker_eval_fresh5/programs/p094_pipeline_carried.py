"""Software pipelining: chunk i+1's copy is submitted before chunk i's is waited; the Pending
is carried across iterations and the last one is waited after the loop."""

from __future__ import annotations

import numpy as np
from llmdeck.kernels import accumulate, copy

import tilert as tr

N, CHUNKS = 32, 6
chunks = [tr.full((N,), float(i)) for i in range(CHUNKS)]
staging = [tr.zeros((N,)), tr.zeros((N,))]
total = tr.zeros((N,))

inflight = copy(staging[0].partition((16,)), chunks[0]).submit()
i = 0
while i < CHUNKS:
    current = inflight
    if i + 1 < CHUNKS:
        nxt = copy(staging[(i + 1) % 2].partition((16,)), chunks[i + 1]).submit()
    current.wait()
    accumulate(total.partition((16,)), staging[i % 2]).sync()
    if i + 1 < CHUNKS:
        inflight = nxt
    i += 1
assert np.allclose(total.to_numpy(), sum(range(CHUNKS)))
