"""Batched prefill over several sequences: the per-sequence output partitions are made up
front in a comprehension, then each layer writes every sequence's hidden state."""

import numpy as np
from infercore import axpy

import tilert as tr

SEQS, SEQ_LEN, HIDDEN, LAYERS = 3, 4, 64, 2
rng = np.random.default_rng(23)
hidden = [tr.zeros((SEQ_LEN, HIDDEN), name=f"seq{i}") for i in range(SEQS)]
updates = [
    [tr.from_numpy(rng.standard_normal((SEQ_LEN, HIDDEN)).astype(np.float32)) for _ in range(SEQS)]
    for _ in range(LAYERS)
]

parts = [h.partition((1, HIDDEN)) for h in hidden]
for layer in range(LAYERS):
    for i, part in enumerate(parts):
        axpy(part, updates[layer][i], 0.5).sync()  # expect: TC109

print([round(float(h.to_numpy().sum()), 3) for h in hidden])
