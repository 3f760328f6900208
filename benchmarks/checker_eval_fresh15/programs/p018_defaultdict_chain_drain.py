"""Pendings grouped per layer in a defaultdict(list), all drained through chain.from_iterable."""

from collections import defaultdict
from itertools import chain

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles, vec

import tilert as tr

x = vec(np.arange(32))
outs = {(layer, head): tr.zeros((32,)) for layer in range(2) for head in range(2)}
by_layer = defaultdict(list)
for (layer, head), out in outs.items():
    by_layer[layer].append(K.scale(tiles(out), x, float(layer + head)).submit())

for p in chain.from_iterable(by_layer.values()):
    p.wait()
report = {key: float(out.to_numpy().sum()) for key, out in outs.items()}
assert report[(1, 1)] == 2.0 * np.arange(32).sum()
