"""Helpers that build ops, pendings and partitions for the programs (the way a model package
wraps its kernels)."""

from __future__ import annotations

from typing import Any

import tilert as tr
from llmkit.kernels import add, axpy, copy, residual_add, scale, silu

TILE = 64


def scaled(t: tr.Tensor[Any], factor: float) -> tr.Op:
    """An op that scales ``t`` in place (not run)."""
    return scale(t.partition((TILE,)), factor)


def start_copy(dst: tr.Tensor[Any], src: tr.Tensor[Any]) -> tr.Pending:
    """Submit a copy of ``src`` into ``dst``; the caller waits."""
    return copy(dst.partition((TILE,)), src).submit()


def tiles(t: tr.Tensor[Any]) -> tr.Partition[Any]:
    """The usual partition of a 1-d activation."""
    return t.partition((TILE,))


def mlp_step(h: tr.Tensor[Any], tmp: tr.Tensor[Any], x: tr.Tensor[Any]) -> tr.Op:
    """tmp = silu(x), then h += tmp, as one chain."""
    return silu(tmp.partition((TILE,)), x).then(lambda *_: residual_add(h.partition((TILE,)), tmp))


def accumulate(acc: tr.Tensor[Any], parts: list[tr.Tensor[Any]]) -> None:
    """acc += each of ``parts``, synced one by one."""
    for p in parts:
        axpy(acc.partition((TILE,)), p, 1.0).sync()


def sum_into(out: tr.Tensor[Any], x: tr.Tensor[Any], y: tr.Tensor[Any]) -> tr.Pending:
    return add(out.partition((TILE,)), x, y).submit()


def checksum(t: tr.Tensor[Any]) -> float:
    """A host read of ``t``."""
    return float(t.to_numpy().sum())
