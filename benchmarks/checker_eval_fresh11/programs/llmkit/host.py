"""Host helpers over llmkit's kernels: each makes or submits one launch."""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

import tilert as tr
from llmkit import kernels as K

TILE = 64


def tiles(t: tr.Tensor) -> tr.Partition:
    """The tensor split into TILE-sized tiles (1-D)."""
    return t.partition((TILE,))


def add_op(out: tr.Tensor, a: tr.Tensor, b: tr.Tensor) -> tr.Op:
    """The op `out = a + b`, not run."""
    return K.add(tiles(out), a, b)


def scale_async(out: tr.Tensor, x: tr.Tensor, a: float) -> tr.Pending:
    """Submits `out = a * x` and returns its Pending."""
    return K.scale(tiles(out), x, a).submit()


def load(host: np.ndarray, into: tr.Tensor) -> tr.Pending:
    """Uploads `host` into `into` through a copy kernel; the Pending writes `into`."""
    return K.copy(tiles(into), tr.from_numpy(np.ascontiguousarray(host, np.float32))).submit()


def fill_now(t: tr.Tensor, value: float) -> None:
    """`t[:] = value`, synced."""
    K.fill(tiles(t), value).sync()


def wait_all(pendings: Iterable[tr.Pending]) -> None:
    for p in pendings:
        p.wait()


def read(t: tr.Tensor) -> np.ndarray:
    """A host copy of `t`."""
    return t.to_numpy().copy()
