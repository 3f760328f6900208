"""Load -> compute pipeline over two staging slots; a slot is reloaded after its reader's wait."""

import numpy as np
from llmspool import kernels as K
from llmspool.host import tiles, upload

import tilert as tr

chunks = np.arange(4 * 64, dtype=np.float32).reshape(4, 64)
staging = [tr.empty((64,), name=f"staging{s}") for s in range(2)]
outs = [tr.empty((64,), name=f"out{i}") for i in range(4)]
readers: list[tr.Pending | None] = [None, None]
for i, chunk in enumerate(chunks):
    slot = i % 2
    if (reader := readers[slot]) is not None:
        reader.wait()
    upload(staging[slot], chunk).wait()
    readers[slot] = K.scale(tiles(outs[i]), staging[slot], 2.0).submit()
for reader in readers:
    if reader is not None:
        reader.wait()
assert np.array_equal(np.stack([o.to_numpy() for o in outs]), 2 * chunks)
