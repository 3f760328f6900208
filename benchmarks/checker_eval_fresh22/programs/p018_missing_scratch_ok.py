"""Scratch buffers per size from a dict subclass with __missing__, warmed before the capture."""

import numpy as np
from llmorbit import kernels as K
from llmorbit.host import tiles, upload

import tilert as tr


class ScratchPool(dict):
    def __missing__(self, n: int) -> tr.Tensor:
        buf = self[n] = tr.zeros((n,), name=f"scratch{n}")
        return buf


pool = ScratchPool()
hidden = upload(np.ones(128))
out = tr.zeros((128,), name="out")
pool[128]  # allocate outside the capture
with tr.graph() as g:
    tmp = pool[128]
    g.record(K.scale(tiles(tmp), hidden, 2.0))
    g.record(K.add(tiles(out), tmp, hidden))
for _ in range(2):
    g.launch().wait()
g.close()
assert (out.to_numpy() == 3.0).all()
