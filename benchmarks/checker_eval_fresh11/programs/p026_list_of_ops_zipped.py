"""A list of independent ops run together through tr.zip(*ops)."""

import numpy as np
from llmkit import kernels as K
from llmkit.host import tiles

import tilert as tr

x = tr.arange(256)
outs = [tr.zeros((256,)) for _ in range(4)]
ops = [K.scale(tiles(o), x, float(i)) for i, o in enumerate(outs)]
tr.zip(*ops).sync()
ops.clear()
for i, o in enumerate(outs):
    np.testing.assert_array_equal(o.to_numpy(), i * np.arange(256, dtype=np.float32))
