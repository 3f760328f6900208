"""Ping-pong buffers with a Pending per slot; the loop waits on the slot it is about to read."""

from __future__ import annotations

from typing import Any

from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr

slots = [tr.zeros((8,), name="ping"), tr.zeros((8,), name="pong")]
pending: list[tr.Pending[Any] | None] = [None, None]
x = tr.ones((8,))
for i in range(4):
    cur = i % 2
    p = pending[(cur + 1) % 2]
    if p is not None:
        p.wait()
        pending[(cur + 1) % 2] = None
    pending[cur] = k.scale(tiles(slots[cur]), x, float(i)).submit()
    if i > 0:
        print(i, slots[cur].to_numpy()[0])  # expect: TC102
for p in pending:
    if p is not None:
        p.wait()
