"""Software pipeline over chunks with two buffers; the wait after the swap is the wrong one."""

from __future__ import annotations

import numpy as np
from llmrun.kernels import copy

import tilert as tr

CHUNKS, N = 5, 32
src = [tr.from_numpy(np.full(N, float(c), dtype=np.float32)) for c in range(CHUNKS)]
buf = [tr.zeros((N,)), tr.zeros((N,))]
out: list[float] = []

cur = copy(buf[0].partition((16,)), src[0]).submit()
for c in range(1, CHUNKS):
    nxt = copy(buf[c % 2].partition((16,)), src[c]).submit()
    cur.wait()
    out.append(float(buf[(c - 1) % 2].to_numpy()[0]))
    cur = nxt
out.append(float(buf[(CHUNKS - 1) % 2].to_numpy()[0]))  # expect: TC102
cur.wait()
print(out)
