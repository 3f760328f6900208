"""Notebook cells: the Pending of the first experiment is rebound by the next cell's submit
without a wait."""

# %%
from llmroute import kernels as K

import tilert as tr

a = tr.zeros((64,), name="a")
b = tr.zeros((64,), name="b")
x = tr.arange(64)
job = K.scale(a.partition((16,)), x, 0.5).submit()  # expect: TC108

# %%
job = K.scale(b.partition((16,)), x, 0.25).submit()

# %%
job.wait()
print(b.to_numpy()[:3])
