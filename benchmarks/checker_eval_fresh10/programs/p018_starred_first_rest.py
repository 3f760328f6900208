"""Starred unpacking of Pendings: the first waited, a later buffer read."""

from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
from tilert import f32

src = tr.ones((8,), dtype=f32)
bufs = [tr.zeros((8,), dtype=f32) for _ in range(3)]
pendings = [k.scale(tiles(b), src, i + 1.0).submit() for i, b in enumerate(bufs)]
first, *rest = pendings
first.wait()
total = sum(float(b.to_numpy().sum()) for b in bufs)  # expect: TC102
for p in rest:
    p.wait()
print(total)
