"""Host helpers around llmkiln's kernels."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np

import tilert as tr
from llmkiln import kernels as K

TILE = 64


def tiles(t: tr.Tensor[Any], tile: int = TILE) -> tr.Partition[Any]:
    """The partition a 1-D (or row-major 2-D) tensor is launched with."""
    if t.ndim == 1:
        return t.partition((min(tile, t.shape[0]),))
    return t.partition((1, t.shape[1]))


def vec(values: Any) -> tr.Tensor[Any]:
    return tr.from_numpy(np.asarray(values, dtype=np.float32))


def filled(n: int, value: float) -> tr.Tensor[Any]:
    return tr.full((n,), value, dtype=tr.f32)


def add_async(z: tr.Tensor[Any], x: tr.Tensor[Any], y: tr.Tensor[Any]) -> tr.Pending[Any]:
    return K.add(tiles(z), x, y).submit()


def scale_async(z: tr.Tensor[Any], x: tr.Tensor[Any], a: float) -> tr.Pending[Any]:
    return K.scale(tiles(z), x, a).submit()


def upload(dst: tr.Tensor[Any], values: Any) -> tr.Pending[Any]:
    """Copy host values into ``dst`` through a staging tensor (a submitted copy)."""
    return K.copy(tiles(dst), vec(values)).submit()


def wait_all(pendings: Iterable[tr.Pending[Any]]) -> None:
    for p in pendings:
        p.wait()


def host(t: tr.Tensor[Any]) -> np.ndarray[Any, Any]:
    return t.to_numpy().copy()
