"""Pendings grouped per layer in a defaultdict(list); only layer 0's group is drained."""

from collections import defaultdict

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles, vec

import tilert as tr

x = vec(np.arange(32))
outs = {(layer, head): tr.zeros((32,)) for layer in range(2) for head in range(2)}
by_layer = defaultdict(list)
for (layer, head), out in outs.items():
    by_layer[layer].append(K.scale(tiles(out), x, float(layer + head)).submit())

for p in by_layer[0]:
    p.wait()
report = {key: float(out.to_numpy().sum()) for key, out in outs.items()}  # expect: TC102
for p in by_layer[1]:
    p.wait()
print(report)
