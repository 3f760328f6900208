"""Notebook cells: build, capture, replay, then inspect after closing the graph."""

# %%
import numpy as np
from llmanvil import kernels as K
from llmanvil.host import tiles, upload

import tilert as tr

x = upload(np.arange(32))
acc = tr.zeros((32,))

# %%
graph = tr.graph()
with graph:
    graph.record(K.axpy(tiles(acc), x, 0.25))

# %%
for _ in range(4):
    graph.launch().wait()
replays = len(graph)

# %%
graph.close()
np.testing.assert_allclose(acc.to_numpy(), np.arange(32) * 1.0)
print(replays, acc.to_numpy()[:4])
