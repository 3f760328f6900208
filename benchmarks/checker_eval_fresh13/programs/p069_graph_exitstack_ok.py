"""A graph entered through contextlib.ExitStack, replayed, closed, then compared to numpy."""

from contextlib import ExitStack

import numpy as np

import tilert as tr
import tilert.kernels as tk

rng = np.random.default_rng(3)
xs = rng.standard_normal((4, 64)).astype(np.float32)
x, w, out = tr.from_numpy(xs), tr.ones(64), tr.zeros((4, 64))
with ExitStack() as stack:
    g = stack.enter_context(tr.graph())
    g.record(tk.rmsnorm(out, x, w))
g.launch().wait()
g.close()
ref = xs / np.sqrt((xs * xs).mean(axis=1, keepdims=True) + 1e-6)
assert np.allclose(out.to_numpy(), ref, atol=1e-5)
