"""Host helpers: tile plans, uploads, waits, readbacks."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np

import tilert as tr
from llmfern import kernels as K
from tilert import Tensor, f32

TILE = 64


def tiles(t: Tensor[f32], tile: int = TILE) -> tr.Partition[f32]:
    """A 1-D or 2-D tensor split into row tiles."""
    if t.ndim == 1:
        return t.partition((min(tile, t.shape[0]),))
    return t.partition((1, t.shape[1]))


def upload(values: Any) -> Tensor[f32]:
    return tr.from_numpy(np.asarray(values, dtype=np.float32))


def filled(n: int, v: float) -> Tensor[f32]:
    t = tr.empty((n,), dtype=f32)
    K.fill(tiles(t), v).sync()
    return t


def add_async(z: Tensor[f32], x: Tensor[f32], y: Tensor[f32]) -> tr.Pending:
    return K.add(tiles(z), x, y).submit()


def wait_all(pendings: Iterable[tr.Pending]) -> None:
    for p in pendings:
        p.wait()


def host(t: Tensor[Any]) -> np.ndarray:
    return t.to_numpy()
