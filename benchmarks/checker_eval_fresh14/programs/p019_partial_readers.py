"""Readers bound with `functools.partial(host, b)` (the package's reader), each called after its
own buffer's wait."""

from functools import partial

import numpy as np
from llmtide import kernels as K
from llmtide.host import host, tiles

import tilert as tr

src = tr.from_numpy(np.arange(16, dtype=np.float32))
bufs = [tr.zeros((16,), name=f"b{i}") for i in range(3)]
pend = [K.scale(tiles(b), src, float(i)).submit() for i, b in enumerate(bufs)]
readers = [partial(host, b) for b in bufs]
seen = []
for p, read in zip(pend, readers, strict=True):
    p.wait()
    seen.append(float(read().sum()))
assert seen == [0.0, 120.0, 240.0], seen
