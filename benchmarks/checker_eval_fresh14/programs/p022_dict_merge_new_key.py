"""Pendings merged into a dict under a new key each step; all waited through `.values()`."""

import numpy as np
from llmtide import kernels as K
from llmtide.host import tiles

import tilert as tr

kv = tr.zeros((32,), name="kv")
kv_next = tr.zeros((32,), name="kv_next")
x = tr.from_numpy(np.arange(32, dtype=np.float32))
pend = {"kv": K.scale(tiles(kv), x, 2.0).submit()}
pend = {**pend, "kv_next": K.scale(tiles(kv_next), x, 3.0).submit()}
for p in pend.values():
    p.wait()
np.testing.assert_allclose(kv.to_numpy() + kv_next.to_numpy(), 5 * np.arange(32))
