"""Sampling where temperature scaling rewrites the logits in place while softmax still reads
them (the argmax path and the sampling path share one logits buffer)."""

import numpy as np
from llmcove import scale

import tilert as tr
import tilert.kernels as tk

BATCH, VOCAB = 4, 1024
TEMPERATURE = 0.7
rng = np.random.default_rng(5)
logits = tr.from_numpy(rng.standard_normal((BATCH, VOCAB)).astype(np.float32))
probs = tr.empty((BATCH, VOCAB))
ids = tr.empty((BATCH,), dtype=tr.i32)

argmax_pending = tk.argmax(ids, logits).submit()
flat_logits = logits.reshape(-1)
scale(flat_logits.partition((1024,)), 1.0 / TEMPERATURE).sync()  # expect: TC103
tk.softmax(probs, logits).sync()
argmax_pending.wait()
print(ids.to_numpy(), probs.to_numpy().sum(axis=1))
