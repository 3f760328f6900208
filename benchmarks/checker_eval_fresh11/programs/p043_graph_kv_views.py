"""A graph recording one op per layer on `kv[layer]` views, replayed in a loop, then closed."""

import numpy as np
from llmkit import kernels as K

import tilert as tr

LAYERS, N = 4, 128
kv = tr.zeros((LAYERS, N), name="kv")
src = tr.arange(N)
with tr.graph() as g:
    for layer in range(LAYERS):
        g.record(K.axpy(kv[layer].partition((64,)), src, float(layer)))
for _ in range(3):
    g.launch().wait()
g.close()
host = kv.to_numpy()
for layer in range(LAYERS):
    np.testing.assert_allclose(host[layer], 3 * layer * np.arange(N, dtype=np.float32))
