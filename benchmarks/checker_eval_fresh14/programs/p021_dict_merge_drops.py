"""Pendings kept in a dict rebuilt with `{**pend, "kv": p}`: the old "kv" Pending is replaced
and dropped unwaited."""

import numpy as np
from llmtide import kernels as K
from llmtide.host import tiles

import tilert as tr

kv = tr.zeros((32,), name="kv")
kv_next = tr.zeros((32,), name="kv_next")
x = tr.from_numpy(np.arange(32, dtype=np.float32))
pend = {"kv": K.scale(tiles(kv), x, 2.0).submit()}  # expect: TC108
pend = {**pend, "kv": K.scale(tiles(kv_next), x, 3.0).submit()}
for p in pend.values():
    p.wait()
print(kv_next.to_numpy()[:3])
