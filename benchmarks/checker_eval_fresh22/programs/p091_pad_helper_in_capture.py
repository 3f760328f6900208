"""Batch padding for a captured step: short batches are padded up to the tile size."""

import numpy as np
from llmorbit import kernels as K
from llmorbit.host import tiles, upload

import tilert as tr

TILE = 32


def padded(x: tr.Tensor) -> tr.Tensor:
    n = x.shape[0]
    if n % TILE == 0:
        return x
    buf = tr.full((n + TILE - n % TILE,), 0.0, name="padded")  # expect: TC111
    return buf


x = upload(np.ones(40))
out = tr.zeros((64,), name="out")
with tr.graph() as g:
    src = padded(x)  # expect-also
    g.record(K.scale(tiles(out), src, 3.0))
g.launch().wait()
g.close()
print(out.to_numpy()[:2])
