"""Software pipelining over two slots where the hand-over forgets the previous wait."""

from __future__ import annotations

from typing import Any

from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr

bufs = [tr.zeros((4,), name=f"b{i}") for i in range(2)]
x = tr.ones((4,))
history: list[tr.Pending[Any]] = []
prev = k.scale(tiles(bufs[0]), x, 0.0).submit()
history.append(prev)
for step in range(1, 5):
    pend = k.scale(tiles(bufs[step % 2]), x, float(step)).submit()  # expect: TC102
    history.append(pend)
    prev = pend
for p in history:
    p.wait()
print(bufs[0].to_numpy(), bufs[1].to_numpy())
