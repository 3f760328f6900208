"""K and V buffers in a dict; `np.concatenate` over `.values()` runs before the V write is
waited."""

import numpy as np
from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr

x = tr.from_numpy(np.arange(32, dtype=np.float32))
bufs = {"k": tr.empty((32,), name="k"), "v": tr.empty((32,), name="v")}
pend = {
    name: K.scale(tiles(buf), x, g).submit()
    for (name, buf), g in zip(bufs.items(), (1.0, -1.0), strict=True)
}
pend["k"].wait()
packed = np.concatenate(list(bufs.values()))  # expect: TC102
pend["v"].wait()
print(packed.shape)
