"""Host helpers the programs share: launches that return ops or Pendings, and waits."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import tilert as tr
from llmdeck.kernels import add, copy, scale

TILE = 16


def scaled(dst: tr.Tensor[tr.f32], src: tr.Tensor[tr.f32], a: float) -> tr.Op[Any]:
    """`dst = a * src`, not yet run."""
    return scale(dst.partition((TILE,)), src, a)


def start_copy(dst: tr.Tensor[tr.f32], src: tr.Tensor[tr.f32]) -> tr.Pending[Any]:
    """`dst = src`, submitted on the current stream."""
    return copy(dst.partition((TILE,)), src).submit()


def start_add(
    dst: tr.Tensor[tr.f32], x: tr.Tensor[tr.f32], y: tr.Tensor[tr.f32]
) -> tr.Pending[Any]:
    """`dst = x + y`, submitted on the current stream."""
    return add(dst.partition((TILE,)), x, y).submit()


def wait_all(pendings: Iterable[tr.Pending[Any]]) -> int:
    """Wait for every Pending; returns how many."""
    count = 0
    for p in pendings:
        p.wait()
        count += 1
    return count
