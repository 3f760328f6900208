"""Attention scores: scale, then softmax in place over the last axis."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

SEQ = 64

rng = np.random.default_rng(4)
scores = tr.from_numpy(rng.standard_normal((SEQ, SEQ)).astype(np.float32))
tk.softmax(scores, scores).sync()  # expect: TC101
print(scores.to_numpy().sum(axis=-1)[:4])
