"""Host helpers: plans, uploads, waits."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np

import tilert as tr
from llmlathe import kernels as K

TILE = 16


def tiles(t: tr.Tensor, tile: int = TILE) -> Any:
    """The usual plan: 1-d tiles of ``tile`` elements (or rows of ``tile`` for 2-d)."""
    if len(t.shape) == 1:
        return t.partition((tile,))
    return t.partition((1, t.shape[1]))


def vec(values: Any) -> tr.Tensor:
    return tr.from_numpy(np.asarray(values, dtype=np.float32))


def filled(n: int, value: float) -> tr.Tensor:
    return tr.from_numpy(np.full(n, value, dtype=np.float32))


def add_async(out: tr.Tensor, x: tr.Tensor, y: tr.Tensor) -> Any:
    return K.add(tiles(out), x, y).submit()


def scale_async(out: tr.Tensor, x: tr.Tensor, a: float) -> Any:
    return K.scale(tiles(out), x, a).submit()


def wait_all(pendings: Iterable[Any]) -> None:
    for p in pendings:
        p.wait()


def host(t: tr.Tensor) -> np.ndarray:
    return t.to_numpy()
