"""*rest, last: everything waited, then all buffers read."""

import numpy as np
from llmkit import kernels as K
from llmkit.host import tiles

import tilert as tr

x = tr.arange(128)
outs = [tr.zeros((128,)) for _ in range(4)]
*rest, last = [K.scale(tiles(o), x, float(i)).submit() for i, o in enumerate(outs)]
for p in rest:
    p.wait()
last.wait()
totals = [o.to_numpy().sum() for o in outs]
assert np.allclose(totals, [i * 127 * 128 / 2 for i in range(4)])
