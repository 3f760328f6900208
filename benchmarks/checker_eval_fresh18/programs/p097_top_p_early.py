"""Nucleus sampling: the cumulative probabilities are computed from the softmax output before
its Pending was waited."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

rng = np.random.default_rng(5)
logits = tr.from_numpy(rng.standard_normal((2, 32)).astype(np.float32))
probs = tr.empty((2, 32))
pending = tk.softmax(probs, logits).submit()
p = probs.to_numpy()  # expect: TC102
order = np.argsort(-p, axis=1)
cum = np.cumsum(np.take_along_axis(p, order, axis=1), axis=1)
pending.wait()
print((cum < 0.9).sum(axis=1))
