"""A decode runner entering its capture through ``ExitStack.enter_context`` and asking
``tk.decode_workspace`` for its partials inside it."""

from contextlib import ExitStack

import numpy as np

import tilert as tr
import tilert.kernels as tk

rng = np.random.default_rng(1)
q = tr.from_numpy(rng.standard_normal((4, 16)).astype(np.float32))
k_cache = tr.from_numpy(rng.standard_normal((2, 32, 16)).astype(np.float32))
v_cache = tr.from_numpy(rng.standard_normal((2, 32, 16)).astype(np.float32))
out = tr.empty((4, 16))

with ExitStack() as stack:
    g = stack.enter_context(tr.graph())
    ws = tk.decode_workspace(q, k_cache)  # expect: TC111
    g.record(tk.decode_attention(out, q, k_cache, v_cache, 32, workspace=ws))
    stack.callback(g.close)
