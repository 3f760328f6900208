"""Host helpers users keep next to their kernels: partitions, launches that return ops or
Pendings, and waiting for groups of Pendings."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np

import tilert as tr
from llmcraft import kernels as k
from tilert import Tensor, f32

TILE = 4


def tiles(t: Tensor[f32]) -> tr.Partition[f32]:
    """The partition every kernel here writes: tiles of TILE along the last axis."""
    shape = (1,) * (t.ndim - 1) + (TILE,)
    return t.partition(shape)


def add_op(out: Tensor[f32], a: Tensor[f32], b: Tensor[f32]) -> tr.Op[Any]:
    return k.add(tiles(out), a, b)


def scale_async(out: Tensor[f32], x: Tensor[f32], a: float) -> tr.Pending[Any]:
    return k.scale(tiles(out), x, a).submit()


def copy_async(out: Tensor[f32], src: Tensor[f32]) -> tr.Pending[Any]:
    return k.copy(tiles(out), src).submit()


def fill_now(out: Tensor[f32], value: float) -> None:
    k.fill(tiles(out), value).sync()


def wait_all(pendings: Iterable[tr.Pending[Any]]) -> None:
    for p in pendings:
        p.wait()


def readback(t: Tensor[f32]) -> np.ndarray[Any, Any]:
    return t.to_numpy().copy()
