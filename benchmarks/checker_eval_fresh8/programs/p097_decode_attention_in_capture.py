"""tk.decode_attention recorded into a graph without a workspace made ahead."""

import tilert as tr
import tilert.kernels as tk

heads, kv_heads, max_seq, d = 2, 1, 32, 16
q = tr.ones((heads, d))
k_cache = tr.ones((kv_heads, max_seq, d))
v_cache = tr.ones((kv_heads, max_seq, d))
out = tr.zeros((heads, d))
with tr.graph() as g:
    g.record(tk.decode_attention(out, q, k_cache, v_cache, 8))  # expect: TC111
g.launch().wait()
g.close()
