"""Host helpers: tiling, launching and waiting."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np

import tilert as tr
from llmrig import kernels as K
from tilert import Tensor, f32

TILE = 64


def tiles(t: Tensor[f32]) -> tr.Partition[f32]:
    return t.partition((min(TILE, t.shape[0]), *t.shape[1:]))


def add_op(z: Tensor[f32], x: Tensor[f32], y: Tensor[f32]) -> tr.Op[Any, Any, Any]:
    return K.add(tiles(z), x, y)


def scale_async(z: Tensor[f32], x: Tensor[f32], a: float) -> tr.Pending[Any, Any, Any]:
    return K.scale(tiles(z), x, a).submit()


def upload(t: Tensor[f32], values: np.ndarray[Any, Any]) -> tr.Pending[Any, Any]:
    return K.fill(tiles(t), 0.0).then(lambda p, _v: K.accum(p, tr.from_numpy(values))).submit()


def wait_all(pendings: Iterable[tr.Pending[Any]]) -> None:
    for p in pendings:
        p.wait()


def host(t: Tensor[f32]) -> np.ndarray[Any, Any]:
    return t.to_numpy()
