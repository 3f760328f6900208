"""Separate q, k and v projections launched together with tr.zip and submitted; the shapes are
checked on the host by reading q before the wait."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

SEQ, HIDDEN, HEAD_DIM, HEADS, KV_HEADS = 4, 64, 16, 4, 2
rng = np.random.default_rng(30)
x = tr.from_numpy(rng.standard_normal((SEQ, HIDDEN)).astype(np.float32))
wq = tr.from_numpy(rng.standard_normal((HEADS * HEAD_DIM, HIDDEN)).astype(np.float32))
wk = tr.from_numpy(rng.standard_normal((KV_HEADS * HEAD_DIM, HIDDEN)).astype(np.float32))
wv = tr.from_numpy(rng.standard_normal((KV_HEADS * HEAD_DIM, HIDDEN)).astype(np.float32))
q = tr.empty((SEQ, HEADS * HEAD_DIM), name="q")
k = tr.empty((SEQ, KV_HEADS * HEAD_DIM), name="k")
v = tr.empty((SEQ, KV_HEADS * HEAD_DIM), name="v")

proj = tr.zip(tk.linear(q, x, wq), tk.linear(k, x, wk), tk.linear(v, x, wv)).submit()
assert q.to_numpy().shape == (SEQ, HEADS * HEAD_DIM)  # expect: TC102
proj.wait()
