"""Buffers copied to the host with ``map(methodcaller("to_numpy"), bufs)`` before the last
shard's Pending was waited."""

from operator import methodcaller

import numpy as np
from llmkiln import kernels as K
from llmkiln.host import tiles, vec

import tilert as tr

x = vec(np.arange(96))
shards = [tr.empty((96,)) for _ in range(3)]
pends = [K.scale(tiles(s), x, float(i)).submit() for i, s in enumerate(shards)]
pends[0].wait()
pends[1].wait()
host = list(map(methodcaller("to_numpy"), shards))  # expect: TC102
pends[2].wait()
print(len(host))
