"""Software-pipelined decode: two steps in flight over a ring of three logits buffers."""

import numpy as np
from llmorbit import kernels as K
from llmorbit.host import tiles, upload

import tilert as tr

DEPTH = 2
steps = 6
hidden = upload(np.linspace(0, 1, 64))
ring = [tr.zeros((64,), name=f"logits{i}") for i in range(DEPTH + 1)]
pending: dict[int, tr.Pending] = {}


def issue(step: int) -> None:
    pending[step] = K.scale(tiles(ring[step % len(ring)]), hidden, float(step)).submit()


for step in range(DEPTH):  # prologue
    issue(step)
sums = []
for step in range(steps):
    if step + DEPTH < steps:
        issue(step + DEPTH)  # the slot it writes was read (and waited) at step - 1
    pending.pop(step).wait()
    cur = ring[step % len(ring)]
    sums.append(round(float(cur.to_numpy().sum()), 3))
assert not pending
assert sums == [round(32.0 * s, 3) for s in range(steps)], sums
