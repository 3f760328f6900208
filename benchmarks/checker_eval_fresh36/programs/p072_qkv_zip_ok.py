"""Separate q, k and v projections launched together with tr.zip and awaited; the results are
checked against numpy afterwards."""

import asyncio

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


async def project() -> None:
    await tr.zip(tk.linear(q, x, wq), tk.linear(k, x, wk), tk.linear(v, x, wv))


asyncio.run(project())
for out, w in ((q, wq), (k, wk), (v, wv)):
    np.testing.assert_allclose(out.to_numpy(), x.to_numpy() @ w.to_numpy().T, rtol=1e-3, atol=1e-3)
print("qkv ok")
