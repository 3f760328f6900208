"""Continuous batching: slots are polled with `done()`, then every slot is waited before reading."""

import numpy as np
from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr

slots = [tr.empty((32,), name=f"slot{i}") for i in range(3)]
prompts = [tr.from_numpy(np.full(32, i + 1, np.float32)) for i in range(3)]
pend = [K.scale(tiles(s), p, 0.5).submit() for s, p in zip(slots, prompts, strict=True)]

polls = 0
while not all(p.done() for p in pend):
    polls += 1
for p in pend:
    p.wait()
emitted = [float(s.to_numpy()[0]) for s in slots]
assert emitted == [0.5, 1.0, 1.5]
print(emitted, polls)
