"""Host helpers over the kernels: tiling, uploads, ops and Pendings."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np

import tilert as tr
from llmorbit import kernels as K

TILE = 32


def tiles(t: tr.Tensor, tile: int = TILE) -> tr.Partition:
    """The tensor's partition into 1-D tiles (2-D tensors: rows x tile)."""
    if t.ndim == 1:
        return t.partition((min(tile, t.shape[0]),))
    return t.partition((1, min(tile, t.shape[-1])))


def upload(array: Any, name: str | None = None) -> tr.Tensor:
    return tr.from_numpy(np.ascontiguousarray(array, dtype=np.float32), name=name)


def filled(n: int, value: float, name: str | None = None) -> tr.Tensor:
    return tr.full((n,), value, dtype=tr.f32, name=name)


def add_op(out: tr.Tensor, a: tr.Tensor, b: tr.Tensor) -> tr.Op:
    return K.add(tiles(out), a, b)


def scale_async(out: tr.Tensor, x: tr.Tensor, a: float) -> tr.Pending:
    return K.scale(tiles(out), x, a).submit()


def wait_all(pendings: Iterable[tr.Pending]) -> None:
    for p in pendings:
        p.wait()


def host(t: tr.Tensor) -> np.ndarray:
    return t.to_numpy().copy()
