"""Host helpers: launch a copy, build ops, hand out partitions."""

from __future__ import annotations

import tilert as tr
from llmroute import kernels as K
from tilert import Tensor, f32

TILE = 16


def tiles(t: Tensor[f32]) -> tr.Partition[f32]:
    """The partition every helper uses: one block per TILE elements of the last axis."""
    return t.partition((TILE,) if t.ndim == 1 else (1, TILE))


def copy_async(dst: Tensor[f32], src: Tensor[f32]) -> tr.Pending:
    return K.copy(tiles(dst), src).submit()


def scale_op(dst: Tensor[f32], src: Tensor[f32], a: float) -> tr.Op:
    return K.scale(tiles(dst), src, a)


def fill_async(dst: Tensor[f32], value: float) -> tr.Pending:
    return K.fill(tiles(dst), value).submit()


def add_into(dst: Tensor[f32], x: Tensor[f32], y: Tensor[f32]) -> None:
    K.add(tiles(dst), x, y).sync()
