"""Embedding lookups for a batch of new requests, collected in a list of ops and synced
together; a debug print of the first request's hidden states sits before the sync loop."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

VOCAB, DIM = 50, 16

table = tr.from_numpy(np.random.default_rng(6).standard_normal((VOCAB, DIM)).astype(np.float32))
prompts = [np.array([1, 2, 3]), np.array([7, 8]), np.array([42])]
hiddens = [tr.empty((len(p), DIM), name=f"h{i}") for i, p in enumerate(prompts)]

ops = []
for ids, h in zip(prompts, hiddens, strict=True):
    ops.append(tk.embedding(h, table, tr.from_numpy(ids.astype(np.int32))))

print("request 0:", hiddens[0].to_numpy()[0, :3])  # expect: TC102
for op in ops:
    op.sync()
print("rows", [h.shape[0] for h in hiddens])
