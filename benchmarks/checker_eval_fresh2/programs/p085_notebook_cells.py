"""Notebook-style exploration: allocate, launch, wait, inspect, launch again."""

import numpy as np
from llmserve.kernels import add, relu, softmax_rows

import tilert as tr

# %% inputs
rng = np.random.default_rng(5)
a = tr.from_numpy(rng.standard_normal((4, 64), np.float32))
b = tr.from_numpy(rng.standard_normal((4, 64), np.float32))
s = tr.empty((4, 64), name="s")

# %% add
p = add(s.partition((1, 64)), a, b).submit()
p.wait()
print("sum row 0:", s.to_numpy()[0, :3])

# %% relu in place of a new buffer, then softmax of it
r = tr.empty((4, 64), name="r")
relu(r.partition((1, 64)), s).sync()
probs = tr.empty((4, 64), name="probs")
p = softmax_rows(probs.partition((1, 64)), r).submit()

# %% inspect
p.wait()
print("row sums:", probs.to_numpy().sum(axis=1))
