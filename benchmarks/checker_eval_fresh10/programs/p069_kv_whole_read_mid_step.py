"""A KV cache [layers, 8]: layer writes in flight, the whole cache checksummed mid-step."""

from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
from tilert import f32

n_layers = 3
kv = tr.zeros((n_layers, 8), dtype=f32, name="kv")
token = tr.arange(8, dtype=f32)
pends = []
for layer in range(n_layers):
    pends.append(k.copy(tiles(kv[layer]), token).submit())
    if layer == 1:
        checksum = float(kv.to_numpy().sum())  # expect: TC102
for p in pends:
    p.wait()
