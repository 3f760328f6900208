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
tokens = []
for step in range(steps):
    if step + DEPTH < steps:
        issue(step + DEPTH)
    pending.pop(step).wait()
    nxt = ring[(step + 1) % len(ring)]
    tokens.append(int(np.argmax(nxt.to_numpy())))  # expect: TC102
print(tokens)
