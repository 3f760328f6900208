"""Helpers layered over the kernels: they launch and hand back ops or pendings."""

from __future__ import annotations

import tilert as tr

from llm.kernels import add, axpy, scale

TILE = 64


def submit_scale(t: tr.Tensor, a: float) -> tr.Pending:
    return scale(t.partition((TILE,)), a).submit()


def make_add(out: tr.Tensor, x: tr.Tensor, y: tr.Tensor) -> tr.Op:
    return add(out.partition((TILE,)), x, y)


def accumulate(acc: tr.Tensor, x: tr.Tensor, a: float = 1.0) -> None:
    axpy(acc.partition((TILE,)), x, a).sync()
