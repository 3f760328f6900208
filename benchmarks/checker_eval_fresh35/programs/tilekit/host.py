"""Host helpers: staging numpy data in and out, and launches that return ops or pendings."""

import numpy as np

import tilert as tr
from tilekit.kernels import add, scale

TILE = 128


def stage(array: np.ndarray) -> tr.Tensor:
    """A tilert f32 tensor holding a copy of ``array``."""
    return tr.from_numpy(np.ascontiguousarray(array, dtype=np.float32))


def from_host(values: list[float]) -> tr.Tensor:
    return stage(np.asarray(values, dtype=np.float32))


def to_host(t: tr.Tensor) -> np.ndarray:
    return t.to_numpy().copy()


def add_into(out: tr.Tensor, x: tr.Tensor, y: tr.Tensor, tile: int = TILE) -> tr.Op:
    """The op ``out = x + y`` (not run)."""
    return add(out.partition((tile,)), x, y)


def scaled(out: tr.Tensor, x: tr.Tensor, a: float, tile: int = TILE) -> tr.Op:
    return scale(out.partition((tile,)), x, a)


def submit_add(out: tr.Tensor, x: tr.Tensor, y: tr.Tensor, tile: int = TILE) -> tr.Pending:
    """Start ``out = x + y`` and return its Pending (the caller waits)."""
    return add(out.partition((tile,)), x, y).submit()
