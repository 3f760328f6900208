"""Software pipelining with `if (prev := pending) is not None`, waiting the previous step's
Pending and reading the previous step's output."""

import numpy as np
from llmrig import kernels as K
from llmrig.host import tiles

import tilert as tr

x = tr.arange(128)
outs = [tr.zeros(128) for _ in range(4)]
pending = None
got = []
for i, out in enumerate(outs):
    if (prev := pending) is not None:
        prev.wait()
        got.append(float(outs[i - 1].to_numpy()[1]))
    pending = K.scale(tiles(out), x, float(i)).submit()
if pending is not None:
    pending.wait()
got.append(float(outs[-1].to_numpy()[1]))
assert got == [0.0, 1.0, 2.0, 3.0]
assert np.array_equal(outs[2].to_numpy(), 2 * np.arange(128, dtype=np.float32))
