"""A ring of input slots consumed by in-flight ops: the producer refills slot `i % RING`
before the op that reads it has been waited (the window is one slot too deep)."""

from __future__ import annotations

from collections import deque

from llmforge import kernels as k

import tilert as tr

RING, STEPS = 2, 5
slots = [tr.zeros((32,)) for _ in range(RING)]
outs = [tr.zeros((32,)) for _ in range(STEPS)]
window: deque[tr.Pending] = deque()
for i in range(STEPS):
    k.fill(slots[i % RING].partition((16,)), float(i)).sync()  # expect: TC103
    window.append(k.scale(outs[i].partition((16,)), slots[i % RING], 2.0).submit())
    if len(window) > RING:
        window.popleft().wait()
while window:
    window.popleft().wait()
