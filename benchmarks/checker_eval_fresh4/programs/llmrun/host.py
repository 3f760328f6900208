"""Host helpers shared by the programs: each returns a lazy op, a Pending or a tensor."""

from __future__ import annotations

import numpy as np

import tilert as tr
from llmrun.kernels import add, copy, fill, matvec
from tilert import Tensor, f32

TILE = 16


def filled(n: int, value: float) -> Tensor[f32]:
    """A new tensor of ``n`` values, filled on the device and synced."""
    t = tr.empty((n,))
    fill(t.partition((TILE,)), value).sync()
    return t


def copy_op(dst: Tensor[f32], src: Tensor[f32]) -> tr.Op:
    """The op that copies ``src`` into ``dst``; the caller runs it."""
    return copy(dst.partition((TILE,)), src)


def add_async(out: Tensor[f32], a: Tensor[f32], b: Tensor[f32]) -> tr.Pending:
    """``out = a + b``, submitted: the caller waits."""
    return add(out.partition((TILE,)), a, b).submit()


def project(out: Tensor[f32], w: Tensor[f32], x: Tensor[f32]) -> tr.Op:
    """``out = w @ x`` as a lazy op."""
    return matvec(out.partition((TILE,)), w, x, TILE)


def weights(n: int, k: int, seed: int = 0) -> tuple[Tensor[f32], np.ndarray]:
    """A random [n, k] weight as a tensor, and the same values in numpy for checking."""
    w = np.random.default_rng(seed).standard_normal((n, k)).astype(np.float32)
    return tr.from_numpy(w), w
