"""Pendings registered with an ExitStack as callbacks, so leaving the block waits them all."""

from contextlib import ExitStack

import numpy as np
from llmkit import kernels as K
from llmkit.host import tiles

import tilert as tr

x = tr.arange(64)
outs = [tr.zeros((64,)) for _ in range(3)]
with ExitStack() as stack:
    for i, out in enumerate(outs):
        pend = K.scale(tiles(out), x, float(i)).submit()
        stack.callback(pend.wait)
for i, out in enumerate(outs):
    np.testing.assert_array_equal(out.to_numpy(), i * np.arange(64, dtype=np.float32))
