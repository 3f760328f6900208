"""A KV cache: rows 0-3 read by a launch while a new key is copied into row 6."""

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles, vec

import tilert as tr

cache = tr.from_numpy(np.arange(128, dtype=np.float32).reshape(8, 16))
scores = tr.zeros((64,))
pending = K.scale(tiles(scores), cache[:4].reshape(-1), 0.5).submit()
cache[6].copy_from(vec(np.ones(16)))
pending.wait()
assert np.allclose(scores.to_numpy(), 0.5 * np.arange(64))
assert np.allclose(cache.to_numpy()[6], 1.0)
