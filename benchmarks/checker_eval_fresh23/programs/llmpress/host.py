"""Host helpers around llmpress's kernels."""

from __future__ import annotations

from typing import Any

import numpy as np

import tilert as tr
from llmpress.kernels import add, scale
from tilert import Tensor, f32

TILE = 64


def tiles(t: Tensor[f32], tile: int = TILE) -> tr.Partition[f32]:
    """The tensor split into 1-D tiles (or rows of tiles for 2-D)."""
    if t.ndim == 1:
        return t.partition((tile,))
    return t.partition((1, tile))


def upload(values: Any) -> Tensor[f32]:
    return tr.from_numpy(np.ascontiguousarray(values, dtype=np.float32))


def filled(n: int, value: float) -> Tensor[f32]:
    return tr.full((n,), value, dtype=f32)


def add_op(z: Tensor[f32], x: Tensor[f32], y: Tensor[f32]) -> tr.Op:
    return add(tiles(z), x, y)


def scale_async(z: Tensor[f32], x: Tensor[f32], a: float) -> tr.Pending:
    return scale(tiles(z), x, a).submit()


def wait_all(pendings: list[tr.Pending]) -> None:
    for p in pendings:
        p.wait()


def host(t: Tensor[f32]) -> np.ndarray:
    return t.to_numpy()
