"""Continuous batching where a finished request's slot is handed to the next request and its
prompt copied in while the step that wrote the slot is still in flight."""

from collections import deque

import numpy as np
from llmweave.kernels import axpy

import tilert as tr

state = tr.zeros((2, 64))
delta = tr.ones((64,))
free = deque([0, 1])
active: dict[int, int] = {}
flights: dict[int, tr.Pending] = {}

for rid in range(2):
    active[rid] = free.popleft()
for step in range(3):
    for rid, slot in active.items():
        flights[rid] = axpy(state[slot].partition((16,)), delta, 1.0).submit()
    done = 0
    slot = active.pop(done)
    free.append(slot)
    new_slot = free.popleft()
    state[new_slot].copy_from(np.zeros(64, np.float32))  # expect: TC102
    active[10 + step] = new_slot
    for p in flights.values():
        p.wait()
