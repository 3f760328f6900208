"""A graph recording one op per layer view of a KV cache, replayed per token; read after close."""

import numpy as np
from llmserve import kernels as K

import tilert as tr

LAYERS, N = 4, 128
kv = tr.zeros((LAYERS, N), name="kv")
new = tr.ones((N,))

with tr.graph() as g:
    for layer in range(LAYERS):
        g.record(K.axpy(kv[layer].partition((64,)), new, float(layer + 1)))
for _token in range(3):
    g.launch().wait()
g.close()

expect = np.array([[3.0 * (layer + 1)] * N for layer in range(LAYERS)], np.float32)
assert np.array_equal(kv.to_numpy(), expect)
