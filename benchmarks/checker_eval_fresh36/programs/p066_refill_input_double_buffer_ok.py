"""A data loader loop for evaluation with two input buffers: the next batch is copied into the
buffer the previous forward used, after that forward is waited, while the current one runs."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

BATCH, HIDDEN, CLASSES = 8, 64, 16
rng = np.random.default_rng(27)
head = tr.from_numpy(rng.standard_normal((CLASSES, HIDDEN)).astype(np.float32))
batches = [rng.standard_normal((BATCH, HIDDEN)).astype(np.float32) for _ in range(4)]
bufs = [tr.empty((BATCH, HIDDEN), name="inputs_a"), tr.empty((BATCH, HIDDEN), name="inputs_b")]
scores = [tr.empty((BATCH, CLASSES), name=f"scores{i}") for i in range(len(batches))]

bufs[0].copy_from(batches[0])
prev = None
for i in range(len(batches)):
    cur = tk.linear(scores[i], bufs[i % 2], head).submit()
    if prev is not None:
        prev.wait()
    if i + 1 < len(batches):
        bufs[(i + 1) % 2].copy_from(batches[i + 1])
    prev = cur
prev.wait()
print([int(s.to_numpy().argmax()) for s in scores])
