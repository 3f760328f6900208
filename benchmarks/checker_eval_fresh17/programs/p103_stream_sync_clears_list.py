"""Side-stream prefetch: `stream.synchronize()` is taken for the waits and the Pending list
is cleared."""

import numpy as np
from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr

src = [tr.from_numpy(np.full(32, float(i), np.float32)) for i in range(3)]
dst = [tr.empty((32,), name=f"layer{i}") for i in range(3)]
pend: list[tr.Pending] = []
with tr.Stream() as prefetch:
    for d, s in zip(dst, src, strict=True):
        pend.append(K.copy(tiles(d), s).submit())  # expect: TC108
prefetch.synchronize()
pend.clear()
print(dst[2].to_numpy()[0])
