import numpy as np
from llmpress.host import tiles
from llmpress.kernels import add

import tilert as tr


def prepare_residual(h: tr.Tensor, fresh: bool):
    """Return the residual stream ready for the add (a fresh copy, or the live buffer)."""
    if fresh:
        return tiles(tr.from_numpy(h.to_numpy().copy()))
    return h


h = tr.from_numpy(np.arange(512, dtype=np.float32))
delta = tr.from_numpy(np.ones(512, dtype=np.float32))
out = tr.empty((512,))
res = prepare_residual(h, fresh=True)
add(tiles(out), res, delta).sync()  # expect: TC106
