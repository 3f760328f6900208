"""Greedy decode of one step with `tilert.kernels`: embedding, rmsnorm, linear, argmax, checked."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

V, D = 50, 32
rng = np.random.default_rng(11)
table_np = rng.standard_normal((V, D)).astype(np.float32)
w_np = rng.standard_normal((V, D)).astype(np.float32)
norm_np = np.ones(D, np.float32)
ids_np = np.array([3, 17], np.int32)

table, w_out = tr.from_numpy(table_np), tr.from_numpy(w_np)
norm_w, ids = tr.from_numpy(norm_np), tr.from_numpy(ids_np)
h = tr.empty((2, D))
hn = tr.empty((2, D))
logits = tr.empty((2, V))
next_ids = tr.empty((2,), dtype=tr.i32)

tk.embedding(h, table, ids).submit().wait()
p_norm = tk.rmsnorm(hn, h, norm_w).submit()
p_lin = tk.linear(logits, hn, w_out).submit()
p_arg = tk.argmax(next_ids, logits).submit()
for p in (p_arg, p_lin, p_norm):
    p.wait()

x = table_np[ids_np]
xn = x / np.sqrt((x * x).mean(axis=1, keepdims=True) + 1e-6)
expect = (xn @ w_np.T).argmax(axis=1)
assert np.array_equal(next_ids.to_numpy(), expect), (next_ids.to_numpy(), expect)
print(next_ids.to_numpy())
