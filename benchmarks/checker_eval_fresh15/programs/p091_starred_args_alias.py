"""Residual adds driven by (x, y) pairs unpacked with *pair; one pair names the output itself."""

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles, vec

import tilert as tr

h = tr.zeros((32,))
attn = vec(np.ones(32))
mlp = vec(np.full(32, 2.0))
pairs = [(attn, mlp), (h, attn)]
for pair in pairs:
    K.add(tiles(h), *pair).sync()  # expect: TC101
print(h.to_numpy()[0])
