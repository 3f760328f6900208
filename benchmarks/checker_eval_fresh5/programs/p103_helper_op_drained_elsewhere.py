"""Ops built by one function, submitted by the loop, and drained by another function."""

from __future__ import annotations

import numpy as np
from llmdeck.kernels import relu

import tilert as tr

N = 64


def make_ops(xs: list[tr.Tensor], ys: list[tr.Tensor]) -> list[tr.Op]:
    return [relu(y.partition((16,)), x) for x, y in zip(xs, ys, strict=True)]


def drain(pendings: list[tr.Pending]) -> None:
    for p in pendings:
        p.wait()


xs = [tr.full((N,), v) for v in (-1.0, 2.0)]
ys = [tr.zeros((N,)) for _ in xs]
pendings = [op.submit() for op in make_ops(xs, ys)]
drain(pendings)
assert [float(y.to_numpy()[0]) for y in ys] == [0.0, 2.0]
print(np.stack([y.to_numpy() for y in ys]).shape)
