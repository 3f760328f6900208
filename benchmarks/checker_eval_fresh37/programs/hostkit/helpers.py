"""Host helpers: each makes the partition itself and returns the op or the Pending."""

import numpy as np

import tilert as tr
from hostkit.kernels import add, copy, scale

TILE = 128


def launch_add(out: tr.Tensor, x: tr.Tensor, y: tr.Tensor, tile: int = TILE) -> tr.Op:
    """out = x + y, as a lazy op."""
    return add(out.partition((tile,)), x, y)


def launch_scale(out: tr.Tensor, x: tr.Tensor, a: float, tile: int = TILE) -> tr.Op:
    return scale(out.partition((tile,)), x, a)


def add_async(out: tr.Tensor, x: tr.Tensor, y: tr.Tensor, stream=None) -> tr.Pending:
    """Submit out = x + y and hand back the Pending; the caller waits."""
    return add(out.partition((TILE,)), x, y).submit(stream)


def to_device(array: np.ndarray) -> tr.Tensor:
    return tr.from_numpy(np.ascontiguousarray(array, dtype=np.float32))


def staged_copy(dst: tr.Tensor, src: tr.Tensor) -> tr.Pending:
    return copy(dst.partition((TILE,)), src).submit()
