"""Beam search reorders beams after each step: surviving beams' buffers are copied into new
buffers with one zipped op, and the lists are swapped after the sync."""

from __future__ import annotations

import numpy as np
from llmforge import kernels as k

import tilert as tr

BEAMS, V = 3, 32


def step(scores: list[tr.Tensor], logits: list[tr.Tensor]) -> None:
    tr.zip(*(k.acc(s.partition((16,)), lg) for s, lg in zip(scores, logits, strict=True))).sync()


def reorder(scores: list[tr.Tensor], keep: list[int]) -> list[tr.Tensor]:
    fresh = [tr.empty((V,)) for _ in keep]
    tr.zip(
        *(k.copy(f.partition((16,)), scores[src]) for f, src in zip(fresh, keep, strict=True))
    ).sync()
    return fresh


scores = [tr.full((V,), float(b)) for b in range(BEAMS)]
logits = [tr.from_numpy(np.full(V, 0.1 * b, np.float32)) for b in range(BEAMS)]
for _ in range(2):
    step(scores, logits)
    best = [float(s.to_numpy().max()) for s in scores]
    keep = sorted(range(BEAMS), key=lambda b: -best[b])[:2] * 2
    scores = reorder(scores, keep[:BEAMS])
print([round(float(s.to_numpy()[0]), 3) for s in scores])
