"""itertools.compress waits the finished requests, then the others, before any output is read."""

import itertools

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import tiles, upload

import tilert as tr

x = upload(np.arange(16))
outs = [tr.zeros((16,)) for _ in range(3)]
pendings = [K.scale(tiles(o), x, float(i)).submit() for i, o in enumerate(outs)]
finished = [True, False, True]
for pending in itertools.compress(pendings, finished):
    pending.wait()
for pending in itertools.compress(pendings, [not f for f in finished]):
    pending.wait()
assert [float(o.to_numpy().sum()) for o in outs] == [0.0, 120.0, 240.0]
