"""Retries with try/except around syncs (looks like it reruns an op, but each attempt builds a
new op from a fresh partition)."""

from __future__ import annotations

import numpy as np
from llmforge import kernels as k

import tilert as tr


class Transient(Exception):
    pass


failures = iter([True, True, False])


def checked_step(y: tr.Tensor, x: tr.Tensor) -> float:
    op = k.scale(y.partition((16,)), x, 2.0)
    op.sync()
    if next(failures):
        raise Transient("retry")
    return float(y.to_numpy().sum())


x = tr.full((64,), 3.0)
y = tr.zeros((64,))
result = None
attempt = 0
for attempt in range(5):  # noqa: B007 (read after the loop)
    try:
        result = checked_step(y, x)
    except Transient:
        continue
    else:
        break
assert result == 6.0 * 64 and attempt == 2, (result, attempt)
print(attempt, result, np.unique(y.to_numpy()))
