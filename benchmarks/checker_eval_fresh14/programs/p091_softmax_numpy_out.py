"""Sampling probabilities written straight into a numpy staging array: `tk.softmax(np_out, x)`."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

logits = tr.from_numpy(np.random.default_rng(6).standard_normal((2, 16)).astype(np.float32))
probs = np.empty((2, 16), np.float32)
tk.softmax(probs, logits).sync()  # expect: TC106
