"""Prefill writes the first layer's keys; a debug print peeks at them too soon."""

import numpy as np
from llmquill import copy

import tilert as tr

LAYERS, SEQ, D = 4, 16, 32
k_cache = tr.zeros((LAYERS, SEQ, D), name="k_cache")
prompt_keys = tr.from_numpy(np.random.default_rng(0).standard_normal((SEQ, D)).astype(np.float32))

layer0 = k_cache[0]
fill = copy(layer0.partition((SEQ, D)), prompt_keys).submit()
print("layer 0 first row:", layer0.to_numpy()[0, :4])  # expect: TC102
fill.wait()
