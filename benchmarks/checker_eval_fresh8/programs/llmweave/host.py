"""Host helpers that programs call across modules: ops, Pendings and partitions handed back."""

from collections import deque

import numpy as np

import tilert as tr
from llmweave.kernels import add, copy, fill, scale, sgd

TILE = 16


def tiles(t: tr.Tensor, tile: int = TILE) -> tr.Partition:
    """The partition every helper writes through (1-d tensors)."""
    return t.partition((tile,))


def fill_op(t: tr.Tensor, value: float) -> tr.Op:
    return fill(tiles(t), value)


def scale_async(out: tr.Tensor, x: tr.Tensor, k: float) -> tr.Pending:
    return scale(tiles(out), x, k).submit()


def copy_async(dst: tr.Tensor, src: tr.Tensor) -> tr.Pending:
    return copy(tiles(dst), src).submit()


def add_op(out: tr.Tensor, a: tr.Tensor, b: tr.Tensor) -> tr.Op:
    return add(tiles(out), a, b)


def sgd_op(w: tr.Tensor, g: tr.Tensor, lr: float) -> tr.Op:
    return sgd(tiles(w), g, lr)


def wait_all(pendings: list[tr.Pending]) -> None:
    for p in pendings:
        p.wait()


def drain(window: deque[tr.Pending]) -> None:
    while window:
        window.popleft().wait()


def host_read(t: tr.Tensor) -> np.ndarray:
    return t.to_numpy()
