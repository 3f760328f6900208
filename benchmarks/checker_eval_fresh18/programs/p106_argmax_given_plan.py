"""Greedy sampling with the token buffer's plan handed to ``tk.argmax``."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

logits = tr.from_numpy(np.random.default_rng(7).standard_normal((4, 50)).astype(np.float32))
next_ids = tr.zeros((4,), dtype=tr.i32)
tk.argmax(next_ids.partition((4,)), logits).sync()  # expect: TC106
