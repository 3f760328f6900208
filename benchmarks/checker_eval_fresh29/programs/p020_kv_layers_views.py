"""Write each layer's slice of a stacked KV buffer concurrently, then one layer twice."""

from llmreef import copy

import tilert as tr

LAYERS, D = 4, 256
kv = tr.zeros((LAYERS, D), name="kv")
src = [tr.full((D,), float(i)) for i in range(LAYERS)]

layer_of = [0, 1, 2, 3, 1]  # a stale index table: layer 1 appears twice
pendings = []
for j, layer in enumerate(layer_of):
    view = kv[layer]
    pendings.append(copy(view.partition((64,)), src[j % LAYERS]).submit())  # expect: TC102
for p in pendings:
    p.wait()
print(kv.to_numpy().sum())
