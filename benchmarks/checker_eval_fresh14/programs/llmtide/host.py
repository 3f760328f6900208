"""Host helpers over llmtide's kernels."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np

import tilert as tr
from llmtide import kernels as K

TILE = 16


def tiles(t: tr.Tensor[Any], tile: int = TILE) -> tr.Partition[Any]:
    """The whole 1-D tensor as tiles of ``tile``."""
    return t.partition((tile,))


def add_op(out: tr.Tensor[Any], x: tr.Tensor[Any], y: tr.Tensor[Any]) -> tr.Op[Any]:
    return K.add(tiles(out), x, y)


def scale_async(out: tr.Tensor[Any], x: tr.Tensor[Any], a: float) -> tr.Pending[Any]:
    return K.scale(tiles(out), x, a).submit()


def upload(dst: tr.Tensor[Any], values: Any) -> tr.Pending[Any]:
    """Copy ``values`` (a tilert tensor) into ``dst`` on the device, asynchronously."""
    return K.copy(tiles(dst), values).submit()


def filled(n: int, value: float) -> tr.Tensor[Any]:
    t = tr.empty((n,))
    K.fill(tiles(t), value).sync()
    return t


def wait_all(pendings: Iterable[tr.Pending[Any]]) -> None:
    for p in pendings:
        p.wait()


def host(t: tr.Tensor[Any]) -> np.ndarray[Any, Any]:
    return t.to_numpy()
