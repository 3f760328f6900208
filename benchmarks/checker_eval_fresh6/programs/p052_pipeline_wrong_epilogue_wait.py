"""Software pipelining over chunks: stage c+1 is submitted while chunk c is consumed. The
epilogue reads the last chunk and only then waits its Pending."""

from __future__ import annotations

import numpy as np
from llmforge import kernels as k

import tilert as tr

CHUNKS, N = 4, 32
raw = [tr.from_numpy(np.full(N, float(c), np.float32)) for c in range(CHUNKS)]
staged = [tr.empty((N,)) for _ in range(CHUNKS)]
pend: list[tr.Pending] = [k.scale(staged[0].partition((16,)), raw[0], 2.0).submit()]
total = 0.0
for c in range(CHUNKS - 1):
    pend.append(k.scale(staged[c + 1].partition((16,)), raw[c + 1], 2.0).submit())
    pend[c].wait()
    total += float(staged[c].to_numpy().sum())
last = staged[CHUNKS - 1].to_numpy()  # expect: TC102
pend[CHUNKS - 1].wait()
print(total + float(last.sum()))
