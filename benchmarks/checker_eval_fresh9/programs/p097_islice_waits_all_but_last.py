"""Evaluation batches scored in flight; the drain uses islice and stops one short."""

from __future__ import annotations

from itertools import islice

from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr


def evaluate(batches: int) -> list[float]:
    scores = [tr.zeros((4,), name=f"score{b}") for b in range(batches)]
    x = tr.ones((4,))
    pending = [k.scale(tiles(s), x, b).submit() for b, s in enumerate(scores)]  # expect: TC108
    for p in islice(pending, len(pending) - 1):
        p.wait()
    return [float(s.to_numpy()[0]) for s in scores[:-1]]


print(evaluate(4))
