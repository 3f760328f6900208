"""Software pipelining over a two-slot ring: `if prev is not None: prev.wait()` after each
submit."""

import numpy as np
from llmkit import kernels as K
from llmkit.host import tiles

import tilert as tr

x = tr.arange(128)
ring = [tr.zeros((128,)), tr.zeros((128,))]
prev: tr.Pending | None = None
seen = []
for step in range(6):
    slot = ring[step % 2]
    pend = K.scale(tiles(slot), x, float(step)).submit()
    if prev is not None:
        prev.wait()
        seen.append(float(ring[(step - 1) % 2].to_numpy()[1]))
    prev = pend
if prev is not None:
    prev.wait()
seen.append(float(ring[1].to_numpy()[1]))
assert seen == [0.0, 1.0, 2.0, 3.0, 4.0, 5.0], seen
np.testing.assert_array_equal(ring[0].to_numpy(), 4 * np.arange(128, dtype=np.float32))
