"""Write the first layer's cache slice, dumping the whole cache for debugging."""

import numpy as np
from servekit import copy

import tilert as tr

LAYERS, SEQ, D = 2, 8, 32
cache = tr.zeros((LAYERS, SEQ, D), name="cache")
new = tr.full((SEQ, D), 1.5)

layer0 = cache[0].partition((1, D))
print("cache before:", float(np.asarray(cache.to_numpy()).sum()))  # expect: TC104
copy(layer0, new).sync()
print("cache after:", float(np.asarray(cache.to_numpy()).sum()))
