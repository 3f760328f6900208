"""Host helpers shared by the programs: small wrappers a serving codebase grows."""

from __future__ import annotations

import numpy as np

import tilert as tr
from llmhost.kernels import add, axpy, copy, scale

TILE = 16


def launch_add(out: tr.Tensor, a: tr.Tensor, b: tr.Tensor) -> tr.Op:
    """The op for out = a + b, not run."""
    return add(out.partition((TILE,)), a, b)


def start_copy(out: tr.Tensor, src: tr.Tensor) -> tr.Pending:
    """Start out = src and return the Pending; the caller waits."""
    return copy(out.partition((TILE,)), src).submit()


def start_scale(out: tr.Tensor, x: tr.Tensor, alpha: float) -> tr.Pending:
    return scale(out.partition((TILE,)), x, alpha).submit()


def accumulate(acc: tr.Tensor, x: tr.Tensor, alpha: float = 1.0) -> None:
    """acc += alpha * x, synchronously."""
    axpy(acc.partition((TILE,)), x, alpha).sync()


def snapshot(t: tr.Tensor) -> np.ndarray:
    """A host copy for logging."""
    return t.to_numpy().copy()


def tiles(t: tr.Tensor) -> tr.Partition:
    return t.partition((TILE,))
