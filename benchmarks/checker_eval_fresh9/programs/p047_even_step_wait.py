"""Gradient buckets flushed every other step; the odd steps skip the wait."""

from __future__ import annotations

from typing import Any

from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr

bucket = tr.zeros((8,), name="bucket")
grad = tr.full((8,), 0.5)
pending: tr.Pending[Any] | None = None
for step in range(4):
    pending = k.acc(tiles(bucket), grad).submit()  # expect: TC102
    if step % 2 == 0:
        continue
    pending.wait()
if pending is not None:
    pending.wait()
print(bucket.to_numpy())
