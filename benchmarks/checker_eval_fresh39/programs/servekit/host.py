"""Host helpers: pick a tile, make the op. Each returns a lazy Op; the caller runs it."""

import tilert as tr
from servekit.kernels import add, copy, scale

TILE = 64


def tiles_for(t: tr.Tensor) -> tuple[int, ...]:
    """One tile along the last axis, rows one at a time."""
    if t.ndim == 1:
        return (min(TILE, t.shape[0]),)
    return (1,) * (t.ndim - 1) + (min(TILE, t.shape[-1]),)


def launch_add(out: tr.Tensor, a: tr.Tensor, b: tr.Tensor) -> tr.Op:
    return add(out.partition(tiles_for(out)), a, b)


def launch_copy(out: tr.Tensor, src: tr.Tensor) -> tr.Op:
    return copy(out.partition(tiles_for(out)), src)


def launch_scale(t: tr.Tensor, factor: float) -> tr.Op:
    return scale(t.partition(tiles_for(t)), factor)
