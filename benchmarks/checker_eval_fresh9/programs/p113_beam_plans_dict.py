"""Beam search that plans each beam's output tiles into a dict before scoring the beams."""

from __future__ import annotations

import numpy as np
from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr

BEAMS = 3
beams = {b: tr.full((4,), float(b)) for b in range(BEAMS)}
plans = {b: tiles(beams[b]) for b in (0, 2)}
scores = {b: float(np.asarray(beams[b]).sum()) for b in range(BEAMS)}  # expect: TC104
for plan in plans.values():
    k.scale_(plan, 0.5).sync()
print(scores)
