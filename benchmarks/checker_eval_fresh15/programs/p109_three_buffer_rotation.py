"""Triple buffering: load, compute and drain slots rotated with a, b, c = b, c, a."""

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles, vec

import tilert as tr

chunks = [np.full(32, float(i), dtype=np.float32) for i in range(5)]
bufs = [tr.zeros((32,)) for _ in range(3)]
pends = [None, None, None]
results = []
for i in range(len(chunks) + 2):
    if pends[0] is not None:
        pends[0].wait()
        results.append(float(bufs[0].to_numpy()[0]))
        pends[0] = None
    if i < len(chunks):
        pends[0] = K.scale(tiles(bufs[0]), vec(chunks[i]), 2.0).submit()
    bufs = bufs[1:] + bufs[:1]
    pends = pends[1:] + pends[:1]
for p, b in zip(pends, bufs, strict=True):
    if p is not None:
        p.wait()
        results.append(float(b.to_numpy()[0]))
assert sorted(results) == [0.0, 2.0, 4.0, 6.0, 8.0]
