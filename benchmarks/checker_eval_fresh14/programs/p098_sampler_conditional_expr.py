"""A sampler builds both the greedy and the softmax op and picks one with a conditional
expression; the other is never run."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

logits = tr.from_numpy(np.random.default_rng(8).standard_normal((2, 16)).astype(np.float32))
ids = tr.zeros((2,), tr.i32)
probs = tr.zeros((2, 16))
temperature = 0.0
greedy = tk.argmax(ids, logits)
sample = tk.softmax(probs, logits)  # expect: TC105
(greedy if temperature == 0 else sample).sync()
print(ids.to_numpy())
