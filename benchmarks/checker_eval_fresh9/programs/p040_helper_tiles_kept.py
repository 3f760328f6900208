"""Tiles of the output made by the package's helper and kept for later."""

from __future__ import annotations

import numpy as np
from llmcraft import kernels as k
from llmcraft.host import readback, tiles

import tilert as tr

hidden = tr.zeros((8,))
plan = tiles(hidden)
print("before", readback(hidden))  # expect: TC104
k.fill(plan, 1.0).sync()
print(np.asarray(hidden))
