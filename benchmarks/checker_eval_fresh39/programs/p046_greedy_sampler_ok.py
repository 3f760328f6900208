"""A greedy sampling step: logits -> argmax, synced before the ids are read."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

BATCH, VOCAB = 3, 20

logits = tr.from_numpy(np.random.default_rng(7).standard_normal((BATCH, VOCAB)).astype(np.float32))
next_ids = tr.zeros((BATCH,), dtype=tr.i64, name="next_ids")

tk.argmax(next_ids, logits).sync()
print("next ids", next_ids.to_numpy().tolist())
