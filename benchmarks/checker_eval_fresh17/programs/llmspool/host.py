"""Host helpers: tile plans, waiting, reading back."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np

import tilert as tr
from llmspool import kernels as K


def tiles(t: tr.Tensor[Any], tile: int = 16) -> tr.Partition[Any]:
    """One block per `tile` elements along the last axis (rows one by one)."""
    shape = (1,) * (t.ndim - 1) + (min(tile, t.shape[-1]),)
    return t.partition(shape)


def wait_all(pendings: Iterable[tr.Pending[Any]]) -> None:
    for p in pendings:
        p.wait()


def host(t: tr.Tensor[Any]) -> np.ndarray[Any, Any]:
    return t.to_numpy().copy()


def upload(dst: tr.Tensor[Any], values: np.ndarray[Any, Any]) -> tr.Pending[Any]:
    """Copy `values` into `dst` on the device: a submitted copy kernel."""
    src = tr.from_numpy(np.ascontiguousarray(values, dtype=np.float32))
    return K.copy(tiles(dst), src).submit()


def filled(n: int, value: float) -> tr.Tensor[Any]:
    return tr.full((n,), value)


def add_async(x: tr.Tensor[Any], y: tr.Tensor[Any]) -> tuple[tr.Tensor[Any], tr.Pending[Any]]:
    out = tr.empty(x.shape)
    return out, K.add(tiles(out), x, y).submit()
