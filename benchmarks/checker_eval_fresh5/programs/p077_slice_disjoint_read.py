"""A scale writes t[:32] while the host reads t[32:], then reads the whole after the wait."""

from __future__ import annotations

import numpy as np
from llmdeck.kernels import scale

import tilert as tr

N = 64
t = tr.arange(N)
src = tr.ones((32,))
p = scale(t[:32].partition((16,)), src, 5.0).submit()
upper = t[32:].to_numpy().copy()
p.wait()
whole = t.to_numpy()
assert np.allclose(upper, np.arange(32, N))
assert np.allclose(whole[:32], 5.0)
