"""Looks suspicious: a `while` pipeline carries the previous chunk's Pending into the next
iteration and waits it there, and the loop's tail waits the last one."""

from __future__ import annotations

import numpy as np
from llmforge import kernels as k

import tilert as tr

CHUNKS = 5
src = [tr.from_numpy(np.full(32, float(c), np.float32)) for c in range(CHUNKS)]
dst = [tr.empty((32,)) for _ in range(CHUNKS)]
prev: tr.Pending | None = None
prev_idx = -1
c = 0
sums: list[float] = []
while c < CHUNKS:
    cur = k.scale(dst[c].partition((16,)), src[c], 3.0).submit()
    if prev is not None:
        prev.wait()
        sums.append(float(dst[prev_idx].to_numpy().sum()))
    prev, prev_idx = cur, c
    c += 1
if prev is not None:
    prev.wait()
    sums.append(float(dst[prev_idx].to_numpy().sum()))
assert sums == [3.0 * c * 32 for c in range(CHUNKS)], sums
print(sums)
