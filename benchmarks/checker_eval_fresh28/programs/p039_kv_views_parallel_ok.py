"""Write each layer's KV-cache slice on its own stream; views of different layers are disjoint."""

import numpy as np
from llmdelta import copy

import tilert as tr

LAYERS, SEQ, D = 4, 8, 64
kv = tr.zeros((LAYERS, SEQ, D), name="kv")
new = [tr.full((SEQ, D), float(i)) for i in range(LAYERS)]
streams = [tr.Stream() for _ in range(LAYERS)]

pendings = []
for layer, (s, src) in enumerate(zip(streams, new, strict=True)):
    pendings.append(copy(kv[layer].partition((1, D)), src).submit(s))
for p in pendings:
    p.wait()
assert np.array_equal(kv.to_numpy()[:, 0, 0], np.arange(LAYERS, dtype=np.float32))
print(kv.to_numpy()[:, 0, 0])
