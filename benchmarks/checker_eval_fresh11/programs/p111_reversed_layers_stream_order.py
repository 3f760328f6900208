"""A backward-style pass over reversed layers: each launch reads the previous layer's
unwaited output in stream order; everything is waited at the end."""

from llmkit import kernels as K
from llmkit.host import tiles

import tilert as tr

LAYERS = 4
grads = [tr.zeros((64,), name=f"g{i}") for i in range(LAYERS + 1)]
K.fill(tiles(grads[LAYERS]), 1.0).sync()
pend = []
for i in reversed(range(LAYERS)):
    pend.append(K.scale(tiles(grads[i]), grads[i + 1], 2.0).submit())
for p in pend:
    p.wait()
assert float(grads[0].to_numpy()[0]) == 16.0
