"""Software pipelining: submit step i, then wait step i-1 and read its buffer."""

from __future__ import annotations

from typing import Any

import numpy as np
from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr

bufs = [tr.zeros((4,), name=f"b{i}") for i in range(2)]
x = tr.ones((4,))
prev: tr.Pending[Any] | None = None
prev_buf: tr.Tensor[tr.f32] | None = None
seen = []
for step in range(6):
    buf = bufs[step % 2]
    pend = k.scale(tiles(buf), x, float(step)).submit()
    if prev is not None and prev_buf is not None:
        prev.wait()
        seen.append(float(prev_buf.to_numpy()[0]))
    prev, prev_buf = pend, buf
if prev is not None and prev_buf is not None:
    prev.wait()
    seen.append(float(prev_buf.to_numpy()[0]))
np.testing.assert_allclose(seen, range(6))
print("ok")
