"""Beam search with two banks of per-beam buffers swapped by index after each step's wait."""

from __future__ import annotations

from typing import Any

from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr

BEAMS, WIDTH = 3, 4
banks = [
    [tr.full((WIDTH,), float(b)) for b in range(BEAMS)],
    [tr.zeros((WIDTH,)) for _ in range(BEAMS)],
]
cur = 0
for step in range(3):
    parents = [(b + step) % BEAMS for b in range(BEAMS)]
    src, dst = banks[cur], banks[1 - cur]
    waits: list[tr.Pending[Any]] = [
        k.scale(tiles(dst[b]), src[parent], 1.0).submit() for b, parent in enumerate(parents)
    ]
    for w in waits:
        w.wait()
    cur = 1 - cur
heads = sorted(float(t.to_numpy()[0]) for t in banks[cur])
assert heads == [0.0, 1.0, 2.0], heads
print("ok")
