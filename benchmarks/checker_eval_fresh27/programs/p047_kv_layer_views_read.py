"""A stacked KV buffer [layers, tokens]: each layer's view is partitioned ahead of the
writes, and the stack is checkpointed in between."""

import numpy as np
from llmcove import copy

import tilert as tr

LAYERS, TOKENS = 4, 512
kv = tr.zeros((LAYERS, TOKENS), name="kv")
new_rows = [tr.full((TOKENS,), float(layer)) for layer in range(LAYERS)]

parts = [kv[layer].partition((128,)) for layer in range(LAYERS)]
checkpoint = np.array(kv.to_numpy())  # expect: TC104
for part, row in zip(parts, new_rows, strict=True):
    copy(part, row).sync()
print(checkpoint.sum(), kv.to_numpy().sum(axis=1))
