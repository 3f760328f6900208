"""Attention scores: softmax over the last axis into a separate buffer."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

SEQ = 64

rng = np.random.default_rng(4)
scores = tr.from_numpy(rng.standard_normal((SEQ, SEQ)).astype(np.float32))
probs = tr.empty(scores.shape, dtype=tr.f32)
tk.softmax(probs, scores).sync()
print(probs.to_numpy().sum(axis=-1)[:4])
