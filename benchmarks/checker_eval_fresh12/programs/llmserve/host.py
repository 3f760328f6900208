"""Host helpers over the package's kernels."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np

import tilert as tr
from llmserve import kernels as K
from tilert import Tensor, f32

TILE = 64


def tiles(t: Tensor[f32]) -> tr.Partition[f32]:
    """The partition every kernel of the package writes through."""
    return t.partition((TILE,))


def add_op(z: Tensor[f32], x: Tensor[f32], y: Tensor[f32]) -> tr.Op:
    return K.add(tiles(z), x, y)


def scale_async(z: Tensor[f32], x: Tensor[f32], a: float) -> tr.Pending:
    return K.scale(tiles(z), x, a).submit()


def upload(dst: Tensor[f32], src: Tensor[f32]) -> tr.Pending:
    return K.copy(tiles(dst), src).submit()


def filled(n: int, v: float) -> Tensor[f32]:
    t = tr.zeros((n,), dtype=f32)
    K.fill(tiles(t), v).sync()
    return t


def wait_all(pendings: Iterable[tr.Pending]) -> None:
    for p in pendings:
        p.wait()


def host(t: Tensor[f32]) -> np.ndarray[Any, Any]:
    return t.to_numpy().copy()
