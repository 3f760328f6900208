"""Notebook-style exploration: the inspect cell was run before the wait cell."""

import numpy as np
from llmserve.kernels import add, softmax_rows

import tilert as tr

# %% inputs
rng = np.random.default_rng(5)
a = tr.from_numpy(rng.standard_normal((4, 64), np.float32))
b = tr.from_numpy(rng.standard_normal((4, 64), np.float32))
s = tr.empty((4, 64))
add(s.partition((1, 64)), a, b).sync()

# %% softmax
probs = tr.empty((4, 64))
p = softmax_rows(probs.partition((1, 64)), s).submit()

# %% inspect
print("row sums:", probs.to_numpy().sum(axis=1))  # expect: TC102

# %% wait
p.wait()
