"""tk.embedding then tk.softmax on its rows in stream order; the table is read meanwhile."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

rng = np.random.default_rng(12)
table_np = rng.standard_normal((50, 16)).astype(np.float32)
table = tr.from_numpy(table_np)
ids = tr.from_numpy(np.array([3, 7, 7, 49], dtype=np.int32))
emb = tr.zeros((4, 16))
probs = tr.zeros((4, 16))
p1 = tk.embedding(emb, table, ids).submit()
p2 = tk.softmax(probs, emb).submit()
row_norms = np.linalg.norm(table.to_numpy(), axis=1)
p2.wait()
p1.wait()
rows = table_np[[3, 7, 7, 49]]
e = np.exp(rows - rows.max(axis=1, keepdims=True))
assert np.allclose(probs.to_numpy(), e / e.sum(axis=1, keepdims=True), atol=1e-5)
assert row_norms.shape == (50,)
