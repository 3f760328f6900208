"""Pendings waited by a thread pool, then the outputs read on the main thread."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import numpy as np
from llmdeck.kernels import scale

import tilert as tr

N = 64
x = tr.arange(N)
outs = [tr.zeros((N,)) for _ in range(4)]
pendings = [scale(o.partition((16,)), x, float(i)).submit() for i, o in enumerate(outs)]
with ThreadPoolExecutor(max_workers=2) as pool:
    list(pool.map(lambda p: p.wait(), pendings))
for i, o in enumerate(outs):
    assert np.allclose(o.to_numpy(), i * np.arange(N))
