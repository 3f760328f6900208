"""Two layers of a KV cache written at once: views over disjoint memory."""

import numpy as np
from llmquay import copy

import tilert as tr

LAYERS, TOKENS, DIM = 2, 64, 128

kv = tr.zeros((LAYERS, TOKENS, DIM), name="kv")
new = [tr.full((TOKENS, DIM), float(i + 1)) for i in range(LAYERS)]

pendings = [copy(kv[i].partition((16, DIM)), new[i]).submit() for i in range(LAYERS)]
for p in pendings:
    p.wait()
sums = kv.to_numpy().sum(axis=(1, 2))
np.testing.assert_allclose(sums, [TOKENS * DIM * (i + 1) for i in range(LAYERS)])
print(sums)
