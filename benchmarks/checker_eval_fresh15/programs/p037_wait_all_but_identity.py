"""Waits in a list comprehension that skips `pends[-1]` by identity, then a concatenate."""

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles, vec

import tilert as tr

x = vec(np.arange(16))
outs = [tr.zeros((16,)) for _ in range(4)]
pends = [K.scale(tiles(o), x, 1.0 + i).submit() for i, o in enumerate(outs)]
_ = [p.wait() for p in pends if p is not pends[-1]]
flat = np.concatenate([o.to_numpy() for o in outs])  # expect: TC102
pends[-1].wait()
print(flat.size)
