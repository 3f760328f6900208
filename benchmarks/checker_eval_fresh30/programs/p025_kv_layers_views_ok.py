"""Write two layers of a KV cache (disjoint views of one tensor) with ops in flight at once."""

from llmquill import copy

import tilert as tr

LAYERS, SEQ, D = 2, 16, 32
kv = tr.zeros((LAYERS, SEQ, D), name="kv")
new_kv = [tr.full((SEQ, D), float(layer + 1)) for layer in range(LAYERS)]

pendings = [copy(kv[layer].partition((4, D)), new_kv[layer]).submit() for layer in range(LAYERS)]
for p in pendings:
    p.wait()
print(kv.to_numpy().sum(axis=(1, 2)))
