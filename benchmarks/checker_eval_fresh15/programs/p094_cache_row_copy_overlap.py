"""A KV cache flattened for a launch; a new key is copied into row 3 while it runs."""

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles, vec

import tilert as tr

cache = tr.zeros((8, 16))
scores = tr.zeros((128,))
pending = K.scale(tiles(scores), cache.reshape(-1), 0.125).submit()
cache[3].copy_from(vec(np.ones(16)))  # expect: TC103
pending.wait()
