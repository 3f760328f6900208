"""Scratch buffers per size from a dict subclass with __missing__, used in a decode graph."""

import numpy as np
from llmorbit import kernels as K
from llmorbit.host import tiles, upload

import tilert as tr


class ScratchPool(dict):
    def __missing__(self, n: int) -> tr.Tensor:
        buf = self[n] = tr.zeros((n,), name=f"scratch{n}")  # expect: TC111
        return buf


pool = ScratchPool()
hidden = upload(np.ones(128))
out = tr.zeros((128,), name="out")
with tr.graph() as g:
    tmp = pool[128]  # expect-also
    g.record(K.scale(tiles(tmp), hidden, 2.0))
    g.record(K.add(tiles(out), tmp, hidden))
g.launch().wait()
g.close()
print(out.to_numpy()[:2])
