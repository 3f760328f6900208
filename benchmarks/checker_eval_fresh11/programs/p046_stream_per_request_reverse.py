"""Each request on a stream of its own; the Pendings are waited in reverse order."""

import numpy as np
from llmkit import kernels as K
from llmkit.host import tiles

import tilert as tr

x = tr.arange(128)
outs = [tr.zeros((128,)) for _ in range(3)]
pendings = []
for i, out in enumerate(outs):
    with tr.Stream():
        pendings.append(K.scale(tiles(out), x, float(i + 1)).submit())
for p in reversed(pendings):
    p.wait()
for i, out in enumerate(outs):
    np.testing.assert_array_equal(out.to_numpy(), (i + 1) * np.arange(128, dtype=np.float32))
