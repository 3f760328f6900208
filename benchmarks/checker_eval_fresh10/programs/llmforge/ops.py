"""Host helpers: each makes or submits one op of the package's kernels and hands it back."""

from __future__ import annotations

from collections.abc import Iterable

import tilert as tr
from llmforge import kernels as k
from tilert import Tensor, f32

TILE = 4


def tiles(t: Tensor[f32]) -> tr.Partition[f32]:
    """The partition the package's kernels write through: 1-D tiles of TILE."""
    return t.partition((TILE,))


def add_op(out: Tensor[f32], a: Tensor[f32], b: Tensor[f32]) -> tr.Op:
    return k.add(tiles(out), a, b)


def scaled(out: Tensor[f32], x: Tensor[f32], s: float) -> tr.Pending:
    """Submit out = x * s and hand back the Pending (the caller waits)."""
    return k.scale(tiles(out), x, s).submit()


def upload(dst: Tensor[f32], src: Tensor[f32]) -> tr.Pending:
    return k.copy(tiles(dst), src).submit()


def fill_now(t: Tensor[f32], value: float) -> None:
    k.fill(tiles(t), value).sync()


def accumulate(out: Tensor[f32], x: Tensor[f32]) -> tr.Pending:
    return k.accum(tiles(out), x).submit()


def drain(pendings: Iterable[tr.Pending]) -> None:
    for p in pendings:
        p.wait()


def peek(t: Tensor[f32]) -> float:
    """The host's view of the first element (a read)."""
    return float(t.to_numpy()[0])
