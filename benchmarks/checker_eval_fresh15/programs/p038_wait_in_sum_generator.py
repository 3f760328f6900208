"""Waits hidden in sum(1 for p in pends if p.wait() is not None): every one is waited."""

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles, vec

import tilert as tr

x = vec(np.arange(16))
outs = [tr.zeros((16,)) for _ in range(4)]
pends = [K.scale(tiles(o), x, 1.0 + i).submit() for i, o in enumerate(outs)]
finished = sum(1 for p in pends if p.wait() is not None)
flat = np.concatenate([o.to_numpy() for o in outs])
assert finished == 4 and flat[16 * 3 + 1] == 4.0
