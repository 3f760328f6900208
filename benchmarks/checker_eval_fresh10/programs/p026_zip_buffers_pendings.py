"""Buffers and their Pendings walked together with zip: each waited just before its read."""

import numpy as np
from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
from tilert import f32

x = tr.arange(8, dtype=f32)
bufs = [tr.zeros((8,), dtype=f32) for _ in range(3)]
pends = [k.scale(tiles(b), x, float(i)).submit() for i, b in enumerate(bufs)]
for i, (buf, pend) in enumerate(zip(bufs, pends, strict=True)):
    pend.wait()
    np.testing.assert_allclose(buf.to_numpy(), i * np.arange(8))
