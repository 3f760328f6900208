"""A stacked KV buffer [layers, tokens]: the layers' views are written by ops in flight at
once (their memory is disjoint), then the stack is read."""

from llmcove import copy

import tilert as tr

LAYERS, TOKENS = 4, 512
kv = tr.zeros((LAYERS, TOKENS), name="kv")
new_rows = [tr.full((TOKENS,), float(layer)) for layer in range(LAYERS)]

pendings = [copy(kv[layer].partition((128,)), row).submit() for layer, row in enumerate(new_rows)]
for p in pendings:
    p.wait()
print(kv.to_numpy().sum(axis=1))
