"""Tiles of every expert's output prepared up front with a comprehension."""

from __future__ import annotations

from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr

experts = [tr.zeros((8,), name=f"expert{e}") for e in range(3)]
parts = [tiles(e) for e in experts]
token = tr.ones((8,))

k.copy(parts[0], token).sync()
k.copy(parts[1], token).sync()
k.scale_(parts[0], 0.5).sync()  # expect: TC109
print([e.to_numpy()[0] for e in experts])
