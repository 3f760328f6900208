"""Host helpers: partitions, submits and waits."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np

import tilert as tr
from llmquill.kernels import add, scale
from tilert import Tensor, f32

TILE = 16


def tiles(t: Tensor[f32]) -> tr.Partition:
    return t.partition((TILE,) if t.ndim == 1 else (1, t.shape[-1]))


def add_async(z: Tensor[f32], x: Tensor[f32], y: Tensor[f32]) -> tr.Pending:
    return add(tiles(z), x, y).submit()


def scale_async(z: Tensor[f32], x: Tensor[f32], a: float) -> tr.Pending:
    return scale(tiles(z), x, a).submit()


def wait_all(pendings: Iterable[tr.Pending]) -> None:
    for p in pendings:
        p.wait()


def vec(n: int, v: float = 0.0) -> Tensor[f32]:
    return tr.from_numpy(np.full(n, v, dtype=np.float32))


def host(t: Tensor[f32]) -> np.ndarray[Any, Any]:
    return t.to_numpy().copy()
