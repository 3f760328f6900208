"""Attention projections in a dict; the updated one is chosen by a variable key."""

from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
from tilert import f32

proj = {name: tr.ones((8,), dtype=f32, name=name) for name in ("q", "k", "v")}
delta = tr.full((8,), 0.1, dtype=f32)
target = "q"
k.blend(tiles(proj[target]), proj["q"], delta, 0.5).sync()  # expect: TC101
print(proj["q"].to_numpy())
