"""A data loader loop for evaluation: the next batch is copied into the single input buffer
right after the current batch's forward is submitted, while that forward still reads it."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

BATCH, HIDDEN, CLASSES = 8, 64, 16
rng = np.random.default_rng(27)
head = tr.from_numpy(rng.standard_normal((CLASSES, HIDDEN)).astype(np.float32))
batches = [rng.standard_normal((BATCH, HIDDEN)).astype(np.float32) for _ in range(4)]
inputs = tr.empty((BATCH, HIDDEN), name="inputs")
scores = [tr.empty((BATCH, CLASSES), name=f"scores{i}") for i in range(len(batches))]

inputs.copy_from(batches[0])
pending = []
for i in range(len(batches)):
    pending.append(tk.linear(scores[i], inputs, head).submit())
    if i + 1 < len(batches):
        inputs.copy_from(batches[i + 1])  # expect: TC102
for p in pending:
    p.wait()
print([int(s.to_numpy().argmax()) for s in scores])
