"""Prefill writes every layer's keys into the cache through one partition of the prompt's rows,
with the debug dumps of layer 0's view before and after the launch."""

import numpy as np
from modelops import copy

import tilert as tr

LAYERS, SEQ, D = 3, 16, 32
rng = np.random.default_rng(33)
prompt_keys = tr.from_numpy(rng.standard_normal((LAYERS, SEQ, D)).astype(np.float32))
k_cache = tr.zeros((LAYERS, 64, D), name="k_cache")

print("layer 0 before:", k_cache[0].to_numpy()[:2, :2])
copy(k_cache[:, :SEQ].partition((1, 1, D)), prompt_keys).sync()
print("layer 0 after:", k_cache[0].to_numpy()[:2, :2])
np.testing.assert_array_equal(k_cache.to_numpy()[:, :SEQ], prompt_keys.to_numpy())
