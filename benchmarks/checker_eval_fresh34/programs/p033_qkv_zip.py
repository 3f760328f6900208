"""Q, K and V projections of one decode token as independent ops launched together with
tr.zip; the attention scores are computed on the host for a small check."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

HIDDEN, HEAD = 64, 32
rng = np.random.default_rng(33)
x = tr.from_numpy(rng.standard_normal(HIDDEN).astype(np.float32))
wq, wk, wv = (
    tr.from_numpy((rng.standard_normal((HEAD, HIDDEN)) * 0.1).astype(np.float32)) for _ in range(3)
)
q, k, v = (tr.empty((HEAD,), name=n) for n in "qkv")


def project() -> None:
    tr.zip(tk.gemv(q, wq, x), tk.gemv(k, wk, x), tk.gemv(v, wv, x))  # expect: TC105


project()  # expect-also: TC105
print("q.k =", float(q.to_numpy() @ k.to_numpy()))
