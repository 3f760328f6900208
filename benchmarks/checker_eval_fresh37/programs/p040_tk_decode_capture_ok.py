import numpy as np

import tilert as tr
import tilert.kernels as tk

HEADS, KV_HEADS, MAX_SEQ, D = 4, 2, 64, 32
rng = np.random.default_rng(5)
q = tr.from_numpy(rng.standard_normal((HEADS, D)).astype(np.float32))
k_cache = tr.from_numpy(rng.standard_normal((KV_HEADS, MAX_SEQ, D)).astype(np.float32))
v_cache = tr.from_numpy(rng.standard_normal((KV_HEADS, MAX_SEQ, D)).astype(np.float32))
attn_out = tr.empty((HEADS, D))
ws = tk.decode_workspace(q, k_cache)

with tr.graph() as step:
    step.record(tk.decode_attention(attn_out, q, k_cache, v_cache, 16, workspace=ws))

for _ in range(3):
    step.launch().wait()
step.close()
print(attn_out.to_numpy()[0, :4])
