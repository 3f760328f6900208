"""A decode step captured in a graph with tk.decode_attention and no workspace made ahead."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

H, KV, S, D = 4, 2, 64, 32
rng = np.random.default_rng(5)
q = tr.from_numpy(rng.standard_normal((H, D)).astype(np.float32))
k_cache = tr.from_numpy(rng.standard_normal((KV, S, D)).astype(np.float32))
v_cache = tr.from_numpy(rng.standard_normal((KV, S, D)).astype(np.float32))
out = tr.zeros((H, D))

with tr.graph() as g:
    g.record(tk.decode_attention(out, q, k_cache, v_cache, 16))  # expect: TC111
g.launch().wait()
g.close()
print(out.to_numpy().shape)
