"""A sampling loop that scales the probabilities after reading the last token."""

import numpy as np
from llmreef import scale

import tilert as tr
import tilert.kernels as tk

V = 64
logits = tr.from_numpy(np.random.default_rng(6).standard_normal((1, V)).astype(np.float32))
probs = tr.empty((1, V), name="probs")
scaled = tr.empty((V,), name="scaled")
token = tr.zeros((1,), dtype=tr.i32, name="token")

for step in range(3):
    tk.softmax(probs, logits).sync()
    tk.argmax(token, probs).sync()
    print(step, int(token.to_numpy()[0]), float(scaled.to_numpy()[0]))
    out_part = scaled.partition((V,))
    scale(out_part, probs.reshape(V), 0.7).sync()
