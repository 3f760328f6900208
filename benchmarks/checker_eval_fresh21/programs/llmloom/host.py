"""Host helpers: tilings, small launches, uploads and readbacks."""

from collections.abc import Iterable
from typing import Any

import numpy as np

import tilert as tr
from llmloom import kernels as K
from tilert import Tensor, f32

TILE = 16


def tiles(t: Tensor[f32], tile: int = TILE) -> tr.Partition[f32]:
    """The usual 1-D (or row-wise 2-D) plan of ``t``."""
    if t.ndim == 1:
        return t.partition((tile,))
    return t.partition((1, t.shape[1]))


def upload(values: Any) -> Tensor[f32]:
    return tr.from_numpy(np.asarray(values, dtype=np.float32))


def filled(n: int, v: float) -> Tensor[f32]:
    return tr.full((n,), v, dtype=f32)


def add_op(z: Tensor[f32], x: Tensor[f32], y: Tensor[f32]) -> tr.Op:
    return K.add(tiles(z), x, y)


def scale_async(z: Tensor[f32], x: Tensor[f32], a: float) -> tr.Pending:
    return K.scale(tiles(z), x, a).submit()


def wait_all(pendings: Iterable[tr.Pending]) -> None:
    for p in pendings:
        p.wait()


def host(t: Tensor[f32]) -> np.ndarray:
    return t.to_numpy().copy()
