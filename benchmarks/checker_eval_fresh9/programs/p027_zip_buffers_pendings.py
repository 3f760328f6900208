"""Per-head outputs and their Pendings walked together with zip: wait, then read each."""

from __future__ import annotations

import numpy as np
from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr

heads = [tr.zeros((8,), name=f"head{h}") for h in range(4)]
x = tr.arange(8)
pendings = [k.scale(tiles(h), x, float(i + 1)).submit() for i, h in enumerate(heads)]
sums = []
for head, pending in zip(heads, pendings, strict=True):
    pending.wait()
    sums.append(float(head.to_numpy().sum()))
np.testing.assert_allclose(sums, [28, 56, 84, 112])
print("ok")
