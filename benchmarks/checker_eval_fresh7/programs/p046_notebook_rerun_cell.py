"""Notebook cells: the op is built in one cell and synced in the next; the second cell is run
again after editing a print, syncing the same op a second time."""

# %% [1]
from llmroute import kernels as K

import tilert as tr

x = tr.arange(64)
y = tr.zeros((64,))
op = K.silu(y.partition((16,)), x)

# %% [2]
op.sync()
print(y.to_numpy()[:2])

# %% [2] (re-run)
op.sync()  # expect: TC110
print("y[:4] =", y.to_numpy()[:4])
