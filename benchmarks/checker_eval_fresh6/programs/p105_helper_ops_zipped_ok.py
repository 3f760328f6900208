"""Looks suspicious: helpers return unrun ops (one per expert) and the router runs them all
together with `tr.zip(*ops).sync()`; nothing is left unrun."""

from __future__ import annotations

import numpy as np
from llmforge import kernels as k

import tilert as tr

EXPERTS = 4


def expert_op(out: tr.Tensor, x: tr.Tensor, gate: float) -> tr.Op:
    return k.scale(out.partition((16,)), x, gate)


def route(x: tr.Tensor, outs: list[tr.Tensor], gates: list[float]) -> list[tr.Op]:
    return [expert_op(o, x, g) for o, g in zip(outs, gates, strict=True)]


x = tr.ones((64,))
outs = [tr.zeros((64,)) for _ in range(EXPERTS)]
ops = route(x, outs, [0.1, 0.2, 0.3, 0.4])
tr.zip(*ops).sync()
total = sum(float(o.to_numpy()[0]) for o in outs)
assert np.isclose(total, 1.0), total
print(total)
