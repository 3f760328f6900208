"""Residual connection written in place, torch-style `h += attn_out`."""

import numpy as np
from llmdelta import add

import tilert as tr

S, D = 8, 128
h = tr.from_numpy(np.ones((S, D), dtype=np.float32))
attn_out = tr.from_numpy(np.full((S, D), 0.25, dtype=np.float32))

add(h.partition((1, D)), h, attn_out).sync()  # expect: TC101
print(h.to_numpy()[0, 0])
