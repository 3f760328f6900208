"""Looks suspicious: the ping-pong buffers are swapped every step while a step is in flight,
but the swap comes after the wait, so `cur` is always the finished buffer."""

from __future__ import annotations

import numpy as np
from llmforge import kernels as k

import tilert as tr

cur, nxt = tr.ones((64,)), tr.zeros((64,))
inc = tr.full((64,), 1.0)
history: list[float] = []
for _ in range(4):
    p = k.add(nxt.partition((16,)), cur, inc).submit()
    p.wait()
    cur, nxt = nxt, cur
    history.append(float(cur.to_numpy()[0]))
assert history == [2.0, 3.0, 4.0, 5.0], history
print(history, np.unique(nxt.to_numpy()))
