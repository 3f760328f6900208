"""Notebook cells: a buffer is launched into, then a later cell redefines the name to a fresh
buffer and works with it while the first launch is still in flight; the last cell waits."""

# %% cell 1

from llmroute import kernels as K

import tilert as tr

hidden = tr.zeros((64,), name="hidden_v1")
p = K.scale(hidden.partition((16,)), tr.arange(64), 2.0).submit()
old_hidden = hidden

# %% cell 2: "let me try a different init"
hidden = tr.full((64,), 0.5, name="hidden_v2")
print(hidden.to_numpy()[:3])

# %% cell 3
K.scale_(hidden.partition((16,)), 4.0).sync()
print(hidden.to_numpy()[:3])

# %% cell 4
p.wait()
assert old_hidden.to_numpy()[3] == 6.0 and hidden.to_numpy()[0] == 2.0
