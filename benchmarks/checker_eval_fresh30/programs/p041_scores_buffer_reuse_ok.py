"""Decode steps reuse one scores buffer; each softmax is waited for before it is rewritten."""

import numpy as np
from llmquill import scale

import tilert as tr
import tilert.kernels as tk

HEADS, SEQ = 4, 64
rng = np.random.default_rng(30)
raw = [tr.from_numpy(rng.standard_normal((HEADS, SEQ)).astype(np.float32)) for _ in range(3)]
scores = tr.empty((HEADS, SEQ), name="scores")
probs = tr.empty((HEADS, SEQ), name="probs")
inv_sqrt_d = 1.0 / np.sqrt(64.0)

scale(scores.partition((HEADS, SEQ)), raw[0], inv_sqrt_d).sync()
for step in range(1, 3):
    pending = tk.softmax(probs, scores).submit()
    pending.wait()
    scale(scores.partition((HEADS, SEQ)), raw[step], inv_sqrt_d).sync()
    print(step, probs.to_numpy().argmax(axis=-1))
