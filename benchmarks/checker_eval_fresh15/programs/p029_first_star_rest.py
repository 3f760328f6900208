"""first, *_ = pendings: only the first is waited, the second output is read."""

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles, vec

import tilert as tr

x = vec(np.arange(32))
outs = [tr.zeros((32,)) for _ in range(3)]
pendings = [K.scale(tiles(o), x, 2.0).submit() for o in outs]
first, *_ = pendings
first.wait()
head = outs[0].to_numpy()
tail = outs[1].to_numpy()  # expect: TC102
print(head[:2], tail[:2])
