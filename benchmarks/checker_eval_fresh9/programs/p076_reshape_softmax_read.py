"""Attention scores normalized with the library softmax, then inspected through a reshape."""

from __future__ import annotations

import numpy as np

import tilert as tr
import tilert.kernels as tk

HEADS, SEQ = 2, 8
scores = tr.from_numpy(np.random.default_rng(1).standard_normal((HEADS, SEQ)).astype(np.float32))
probs = tr.zeros((HEADS, SEQ))
pending = tk.softmax(probs, scores).submit()
flat = probs.reshape(HEADS * SEQ)
print(flat.to_numpy().sum())  # expect: TC102
pending.wait()
