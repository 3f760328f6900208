"""Host helpers that launch the package's kernels on whole tensors (tile 16)."""

from __future__ import annotations

import tilert as tr
from llmforge import kernels as k
from tilert import Tensor, f32

TILE = 16


def tiles(t: Tensor[f32]) -> tr.Partition[f32]:
    """The partition every helper writes through: one block per TILE elements of a vector."""
    return t.partition((TILE,))


def add_into(out: Tensor[f32], a: Tensor[f32], b: Tensor[f32]) -> tr.Op:
    return k.add(tiles(out), a, b)


def scale_into(out: Tensor[f32], x: Tensor[f32], s: float) -> tr.Op:
    return k.scale(tiles(out), x, s)


def copy_into(out: Tensor[f32], src: Tensor[f32]) -> tr.Op:
    return k.copy(tiles(out), src)


def fill_async(out: Tensor[f32], value: float) -> tr.Pending:
    return k.fill(tiles(out), value).submit()


def axpy_async(y: Tensor[f32], x: Tensor[f32], a: float) -> tr.Pending:
    return k.axpy(tiles(y), x, a).submit()
