"""A RoPE step captured with positions made ahead; the replay equals the eager launch."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

SEQ, HEADS, HD = 8, 2, 16
rng = np.random.default_rng(2)
q = tr.from_numpy(rng.standard_normal((SEQ, HEADS, HD)).astype(np.float32))
positions = tr.arange(SEQ, dtype=tr.i32)
from_graph = tr.empty((SEQ, HEADS, HD))
eager = tr.empty((SEQ, HEADS, HD))

with tr.graph() as g:
    g.record(tk.rope(from_graph, q, positions))
g.launch().wait()
g.close()
tk.rope(eager, q, positions).sync()
assert np.allclose(from_graph.to_numpy(), eager.to_numpy())
