"""A training loop that waits its loss readback only on odd steps."""

from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
from tilert import f32


def train(steps: int) -> list[float]:
    losses = []
    grad = tr.ones((8,), dtype=f32)
    for i in range(steps):
        loss = tr.zeros((8,), dtype=f32)
        p = k.scale(tiles(loss), grad, 1.0 / (i + 1)).submit()  # expect: TC108
        if i % 2:
            p.wait()
            losses.append(float(loss.to_numpy()[0]))
    return losses


print(train(3))  # expect-also
