"""Greedy decoding with a stop-token check on the argmax ids."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

STOP = 3
rng = np.random.default_rng(6)
batch, vocab = 4, 16
logits = tr.from_numpy(rng.standard_normal((batch, vocab)).astype(np.float32), name="logits")
ids = tr.zeros((batch,), dtype=tr.i64, name="ids")
finished = np.zeros(batch, dtype=bool)
for _step in range(3):
    pending = tk.argmax(ids, logits).submit()
    finished |= ids.to_numpy() == STOP  # expect: TC102
    pending.wait()
print(finished)
