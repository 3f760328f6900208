"""Inspect the bit pattern of a buffer through .view(tr.i32) while a launch still writes it."""

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles, vec

import tilert as tr

x = vec(np.arange(32))
out = tr.zeros((32,))
pending = K.scale(tiles(out), x, -1.0).submit()
bits = out.view(tr.i32)
signs = (bits.to_numpy() < 0).sum()  # expect: TC102
pending.wait()
print(signs)
