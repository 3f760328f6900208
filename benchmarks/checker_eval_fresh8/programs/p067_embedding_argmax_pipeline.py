"""tk.embedding then a projection and tk.argmax: each stage submitted, the next launch reading
the previous stage's output in stream order; only the final ids are waited and read."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

vocab, dim, n = 16, 32, 4
rng = np.random.default_rng(3)
table_np = rng.standard_normal((vocab, dim)).astype(np.float32)
table = tr.from_numpy(table_np)
ids = tr.from_numpy(np.array([3, 1, 7, 2], np.int32))
emb = tr.zeros((n, dim))
scores = tr.zeros((n, dim))
best = tr.zeros((n,), dtype=tr.i32)

p1 = tk.embedding(emb, table, ids).submit()
p2 = tk.softmax(scores, emb).submit()
p3 = tk.argmax(best, scores).submit()
for p in (p1, p2, p3):
    p.wait()
assert np.array_equal(best.to_numpy(), table_np[[3, 1, 7, 2]].argmax(axis=1))
print(best.to_numpy())
