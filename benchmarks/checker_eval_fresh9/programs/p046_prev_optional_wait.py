"""A decode loop that overlaps each step with the previous one's wait, `prev` None at first."""

from __future__ import annotations

from typing import Any

import numpy as np
from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr


def decode(steps: int) -> list[float]:
    slots = [tr.zeros((4,)), tr.zeros((4,))]
    step_in = tr.full((4,), 1.0)
    prev: tr.Pending[Any] | None = None
    tokens = []
    for i in range(steps):
        slot = slots[i % 2]
        if prev is not None:
            prev.wait()
            tokens.append(float(slots[(i - 1) % 2].to_numpy()[0]))
        prev = k.scale(tiles(slot), step_in, float(i)).submit()
    if prev is not None:
        prev.wait()
        tokens.append(float(slots[(steps - 1) % 2].to_numpy()[0]))
    return tokens


np.testing.assert_allclose(decode(5), [0, 1, 2, 3, 4])
print("ok")
