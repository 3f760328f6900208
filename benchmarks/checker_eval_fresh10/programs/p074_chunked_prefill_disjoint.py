"""Chunked prefill with computed bounds: disjoint chunks of one buffer written in flight."""

import numpy as np
from llmforge import kernels as k

import tilert as tr
from tilert import f32

n, chunk = 28, 8
prompt = tr.arange(n, dtype=f32)
hidden = tr.zeros((n,), dtype=f32)
bounds = [(lo, min(lo + chunk, n)) for lo in range(0, n, chunk)]
pends = [
    k.scale(hidden[lo:hi].partition((hi - lo,)), prompt[lo:hi], 2.0).submit() for lo, hi in bounds
]
for p in pends:
    p.wait()
np.testing.assert_allclose(hidden.to_numpy(), 2 * np.arange(n))
