"""Per-layer bias ops collected in a list, then run by a loop at the end of the step."""

from __future__ import annotations

import numpy as np
from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr

LAYERS = 4
acts = [tr.zeros((8,), name=f"act{i}") for i in range(LAYERS)]
bias = tr.ones((8,))

ops = []
for i, act in enumerate(acts):
    ops.append(k.axpy(tiles(act), bias, float(i + 1)))

checksum = float(np.asarray(acts[-1]).sum())  # expect: TC102
for op in ops:
    op.sync()
print(checksum)
