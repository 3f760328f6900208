"""Helpers from the package module (`import llmroute.paging as pg`): copies into a ring of KV
pages submitted through pg.copy_async, a window of two in flight, drained at the end."""

from collections import deque

import llmroute.paging as pg

import tilert as tr

ring = tr.zeros((4, 32), name="ring")
window = deque()
for step in range(10):
    slot = step % 4
    window.append(pg.copy_async(ring[slot], tr.full((32,), float(step))))
    if len(window) > 2:
        window.popleft().wait()
while window:
    window.popleft().wait()
assert list(ring.to_numpy()[:, 0]) == [8.0, 9.0, 6.0, 7.0]
print(ring.to_numpy()[:, 0])
