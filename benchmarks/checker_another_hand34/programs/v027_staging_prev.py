"""Double-buffered input staging: slot = step & 1, the previous step's Pending kept in `prev`
and waited before its slot is read on the host."""

from __future__ import annotations

import numpy as np

import tilert as tr
from vkit import kernels as K
from vkit.host import tiles, upload

N = 256


def stage(src: tr.Tensor, steps: int) -> float:
    slots = [tr.zeros(N, name="stage_a"), tr.zeros(N, name="stage_b")]
    prev: tr.Pending | None = None
    total = 0.0
    for step in range(steps):
        slot = step & 1
        pending = K.scale(tiles(slots[slot]), src, float(step + 1)).submit()
        if prev is not None:
            prev.wait()
            total += float(slots[slot].to_numpy().sum())  # expect: TC102
        prev = pending
    if prev is not None:
        prev.wait()
        total += float(slots[(steps - 1) & 1].to_numpy().sum())
    return total


if __name__ == "__main__":
    print(stage(upload(np.ones(N), name="src"), 4))
