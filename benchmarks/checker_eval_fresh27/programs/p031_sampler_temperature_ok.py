"""Sampling with temperature: argmax first, then scale the logits in place and softmax them."""

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
argmax_pending.wait()
flat_logits = logits.reshape(-1)
scale(flat_logits.partition((1024,)), 1.0 / TEMPERATURE).sync()
tk.softmax(probs, logits).sync()
samples = [int(rng.choice(VOCAB, p=row / row.sum())) for row in probs.to_numpy()]
print(ids.to_numpy(), samples)
