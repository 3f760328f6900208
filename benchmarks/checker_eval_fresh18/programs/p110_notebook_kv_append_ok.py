"""Notebook cells: capture a KV append (copies into the next cache row view) and a scale of
the row, replay once per token with the graph closed at the end, then inspect."""

# %%
import numpy as np
from llmkiln import kernels as K

import tilert as tr

max_seq, d = 8, 16
cache = tr.zeros((max_seq, d))
new_k = tr.from_numpy(np.arange(d, dtype=np.float32))

# %%
graphs = []
for pos in range(3):
    with tr.graph() as g:
        g.record(K.copy(cache[pos].partition((d,)), new_k))
    graphs.append(g)

# %%
for g in graphs:
    g.launch().wait()
for g in graphs:
    g.close()

# %%
got = cache.to_numpy()
assert np.array_equal(got[:3], np.tile(np.arange(d, dtype=np.float32), (3, 1)))
assert not got[3:].any()
