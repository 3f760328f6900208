"""A KV cache [layers, 8]: each layer's view written by its own op, all in flight together."""

import numpy as np
from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
from tilert import f32

n_layers = 4
kv = tr.zeros((n_layers, 8), dtype=f32, name="kv")
token = tr.arange(8, dtype=f32)
pends = [k.scale(tiles(kv[layer]), token, float(layer)).submit() for layer in range(n_layers)]
for p in pends:
    p.wait()
np.testing.assert_allclose(kv.to_numpy()[:, 1], np.arange(n_layers, dtype=np.float32))
