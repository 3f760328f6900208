"""Prepare the output partition early, then inspect the buffer before launching."""

import numpy as np
from llmdelta import relu

import tilert as tr

x = tr.from_numpy(np.linspace(-1, 1, 256, dtype=np.float32))
out = tr.zeros((256,), name="out")

out_tiles = out.partition((64,))
print("before:", out.to_numpy()[:2])  # expect: TC104
relu(out_tiles, x).sync()
print("after:", out.to_numpy()[-2:])
