"""Prefill writes every layer's keys into the cache through one partition of the prompt's rows
in all layers, built before the debug dump of layer 0's view; the dump reads while the
partition is held."""

import numpy as np
from modelops import copy

import tilert as tr

LAYERS, SEQ, D = 3, 16, 32
rng = np.random.default_rng(33)
prompt_keys = tr.from_numpy(rng.standard_normal((LAYERS, SEQ, D)).astype(np.float32))
k_cache = tr.zeros((LAYERS, 64, D), name="k_cache")

dst = k_cache[:, :SEQ].partition((1, 1, D))
print("layer 0 before:", k_cache[0].to_numpy()[:2, :2])  # expect: TC104
copy(dst, prompt_keys).sync()
print("layer 0 after:", k_cache[0].to_numpy()[:2, :2])
