"""Pendings registered on an ``ExitStack`` as wait callbacks; the host reads only after the
``with`` block, when every wait ran."""

from contextlib import ExitStack

import numpy as np
from llmkiln import kernels as K
from llmkiln.host import tiles, vec

import tilert as tr

x = vec(np.arange(64))
outs = [tr.zeros((64,)) for _ in range(3)]
with ExitStack() as stack:
    for i, out in enumerate(outs):
        stack.callback(K.scale(tiles(out), x, float(i + 1)).submit().wait)
    x.to_numpy()  # only read by the launches
for i, out in enumerate(outs):
    assert np.allclose(out.to_numpy(), np.arange(64) * (i + 1))
