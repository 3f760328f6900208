"""Host helpers: tiling, uploads and waiting."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np

import tilert as tr

TILE = 64


def tiles(t: tr.Tensor[Any], tile: int = TILE) -> tr.Partition[Any]:
    """The tensor split into 1-D tiles of ``tile`` elements (its last axis)."""
    shape = (1,) * (len(t.shape) - 1) + (tile,)
    return t.partition(shape)


def upload(values: Any, name: str | None = None) -> tr.Tensor[Any]:
    return tr.from_numpy(np.asarray(values, dtype=np.float32), name=name)


def wait_all(pendings: Iterable[tr.Pending[Any]]) -> None:
    for p in pendings:
        p.wait()
