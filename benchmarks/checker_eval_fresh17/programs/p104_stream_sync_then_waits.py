"""Side-stream prefetch: the stream is synchronized, then every Pending is waited."""

import numpy as np
from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr

src = [tr.from_numpy(np.full(32, float(i), np.float32)) for i in range(3)]
dst = [tr.empty((32,), name=f"layer{i}") for i in range(3)]
pend: list[tr.Pending] = []
with tr.Stream() as prefetch:
    for d, s in zip(dst, src, strict=True):
        pend.append(K.copy(tiles(d), s).submit())
prefetch.synchronize()
while pend:
    pend.pop(0).wait()
assert [float(d.to_numpy()[0]) for d in dst] == [0.0, 1.0, 2.0]
