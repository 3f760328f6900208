import numpy as np

import tilert as tr
import tilert.kernels as tk

V, D = 16, 32
rng = np.random.default_rng(4)
table = tr.from_numpy(rng.standard_normal((V, D)).astype(np.float32))
w_out = tr.from_numpy(rng.standard_normal((V, D)).astype(np.float32))
ids = tr.zeros((1,), dtype=tr.i32)
h = tr.empty((1, D))
logits = tr.empty((1, V))
best = tr.empty((1,), dtype=tr.i32)

tokens = [0]
for _ in range(4):
    ids.copy_from(np.array([tokens[-1]], dtype=np.int32))
    tk.embedding(h, table, ids).sync()
    tk.gemv(logits.reshape(V), w_out, h.reshape(D)).sync()
    tk.argmax(best, logits).sync()
    tokens.append(int(best.to_numpy()[0]))
print("tokens", tokens)
