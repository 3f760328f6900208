"""A tiny residual stack: h += f(h) for each block, using the package's fused residual add."""

import numpy as np
from llmfjord import gelu_tanh, residual_add, tile_for

import tilert as tr

WIDTH = 3072
N_BLOCKS = 3

h = tr.from_numpy(np.linspace(-2, 2, WIDTH, dtype=np.float32))
delta = tr.empty((WIDTH,))
block = tile_for(WIDTH)

for _ in range(N_BLOCKS):
    gelu_tanh(delta.partition((block,)), h).sync()
    residual_add(h, delta).sync()  # expect: TC106
print(h.to_numpy()[::512])
