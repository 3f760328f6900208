"""z = x + y, then z += y along the chain; a later clamp reuses the chain's partition."""

import numpy as np
from llmquill import add, axpy, relu

import tilert as tr

N = 1024
x = tr.from_numpy(np.linspace(-1, 1, N, dtype=np.float32))
y = tr.full((N,), 0.25)
z = tr.empty((N,), name="z")

z_tiles = z.partition((256,))
add(z_tiles, x, y).then(lambda zp, *_: axpy(zp, y, 1.0)).sync()
relu(z_tiles, x).sync()  # expect: TC109
print(z.to_numpy()[:3])
