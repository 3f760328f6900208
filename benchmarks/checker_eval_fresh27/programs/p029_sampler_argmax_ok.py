"""Greedy sampling for a batch of sequences: logits -> softmax probabilities and argmax ids."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

BATCH, VOCAB = 4, 1000
rng = np.random.default_rng(5)
logits = tr.from_numpy(rng.standard_normal((BATCH, VOCAB)).astype(np.float32))
probs = tr.empty((BATCH, VOCAB))
ids = tr.empty((BATCH,), dtype=tr.i32)

softmax_pending = tk.softmax(probs, logits).submit()
tk.argmax(ids, logits).sync()
next_ids = ids.to_numpy().tolist()
softmax_pending.wait()
top_p = probs.to_numpy()[np.arange(BATCH), next_ids]
print("next ids:", next_ids, "p:", np.round(top_p, 4))
