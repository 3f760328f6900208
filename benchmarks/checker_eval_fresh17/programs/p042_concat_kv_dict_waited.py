"""K and V buffers in a dict; every Pending in the dict is waited before `np.concatenate`."""

import numpy as np
from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr

xs = np.arange(32, dtype=np.float32)
x = tr.from_numpy(xs)
bufs = {"k": tr.empty((32,), name="k"), "v": tr.empty((32,), name="v")}
pend = {
    name: K.scale(tiles(buf), x, g).submit()
    for (name, buf), g in zip(bufs.items(), (1.0, -1.0), strict=True)
}
for p in pend.values():
    p.wait()
packed = np.concatenate(list(bufs.values()))
assert np.array_equal(packed, np.concatenate([xs, -xs]))
print(packed.shape)
