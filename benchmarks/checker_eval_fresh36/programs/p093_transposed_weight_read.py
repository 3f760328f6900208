"""Tied embeddings: the LM head is the embedding table. New rows for added tokens are copied
into the table with a submitted op, and the script inspects the transposed table (the LM head's
view) for column norms before the wait."""

import numpy as np
from modelops import copy

import tilert as tr
import tilert.kernels as tk

VOCAB, HIDDEN = 64, 16
rng = np.random.default_rng(41)
table = tr.from_numpy(rng.standard_normal((VOCAB, HIDDEN)).astype(np.float32), name="embed")
new_rows = tr.from_numpy(rng.standard_normal((4, HIDDEN)).astype(np.float32))

resize = copy(table[:4].partition((1, HIDDEN)), new_rows).submit()
head_t = table.T
col_norms = np.linalg.norm(head_t.to_numpy(), axis=0)  # expect: TC102
resize.wait()
h = tr.empty((2, HIDDEN))
tk.embedding(h, table, tr.from_numpy(np.array([0, 5], dtype=np.int32))).sync()
print(col_norms[:4], h.to_numpy()[0, :2])
