"""Softmax over attention scores submitted; the first row is inspected before the wait."""

from __future__ import annotations

import numpy as np

import tilert as tr
import tilert.kernels as tk

scores = tr.from_numpy(np.random.default_rng(0).standard_normal((4, 16)).astype(np.float32))
probs = tr.empty((4, 16))
p = tk.softmax(probs, scores).submit()
row0 = probs[0]
print("row 0 sums to", row0.to_numpy().sum())  # expect: TC102
p.wait()
