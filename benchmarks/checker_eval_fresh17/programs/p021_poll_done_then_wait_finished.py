"""Continuous batching: only the requests that answered `done()` are waited, then every slot
is read."""

import numpy as np
from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr

slots = [tr.empty((32,), name=f"slot{i}") for i in range(3)]
prompts = [tr.from_numpy(np.full(32, i + 1, np.float32)) for i in range(3)]
pend = [K.scale(tiles(s), p, 0.5).submit() for s, p in zip(slots, prompts, strict=True)]

finished = [p for p in pend if p.done()]
for p in finished:
    p.wait()
emitted = [float(s.to_numpy()[0]) for s in slots]  # expect: TC102
for p in pend:
    p.wait()
print(emitted)
