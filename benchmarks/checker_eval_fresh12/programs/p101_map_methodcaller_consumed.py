"""Pendings waited through `deque(map(methodcaller("wait"), ...), maxlen=0)` before the read."""

from collections import deque
from operator import methodcaller

from llmserve import kernels as K
from llmserve.host import tiles

import tilert as tr

x = tr.ones((128,))
outs = [tr.zeros((128,)) for _ in range(3)]
pends = [K.scale(tiles(o), x, float(i)).submit() for i, o in enumerate(outs)]
deque(map(methodcaller("wait"), pends), maxlen=0)
assert [float(o.to_numpy()[0]) for o in outs] == [0.0, 1.0, 2.0]
