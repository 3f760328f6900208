"""A decode step captured through ``ExitStack.enter_context`` with its workspace made ahead,
replayed, closed by the stack, and checked against numpy."""

from contextlib import ExitStack

import numpy as np

import tilert as tr
import tilert.kernels as tk

rng = np.random.default_rng(1)
qn = rng.standard_normal((4, 16)).astype(np.float32)
kn = rng.standard_normal((2, 32, 16)).astype(np.float32)
vn = rng.standard_normal((2, 32, 16)).astype(np.float32)
q, k_cache, v_cache = tr.from_numpy(qn), tr.from_numpy(kn), tr.from_numpy(vn)
out = tr.empty((4, 16))
ws = tk.decode_workspace(q, k_cache)

with ExitStack() as stack:
    stack.callback(lambda: g.close())
    with tr.graph() as g:
        g.record(tk.decode_attention(out, q, k_cache, v_cache, 20, workspace=ws))
    for _ in range(2):
        g.launch().wait()

ref = np.empty_like(qn)
for h in range(4):
    kv = h // 2
    s = kn[kv, :20] @ qn[h] / np.sqrt(16)
    p = np.exp(s - s.max())
    ref[h] = (p / p.sum()) @ vn[kv, :20]
assert np.allclose(out.to_numpy(), ref, atol=1e-4)
