"""A loader helper prefetches the next batch; the loop waits on the batch it just consumed."""

from __future__ import annotations

from typing import Any

import numpy as np
from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr


def prefetch(dst: tr.Tensor[tr.f32], step: int) -> tr.Pending[Any]:
    return k.fill(tiles(dst), float(step)).submit()


slots = [tr.zeros((8,), name="slot0"), tr.zeros((8,), name="slot1")]
pend = {0: prefetch(slots[0], 0)}
pend[0].wait()
total = 0.0
for step in range(1, 4):
    pend[step] = prefetch(slots[step % 2], step)
    pend[step - 1].wait() if step > 1 else None
    total += float(np.asarray(slots[step % 2]).sum())  # expect: TC102
pend[3].wait()
print(total)
