"""Host helpers: tile choice, allocation, and thin launch wrappers."""

import tilert as tr
from modelops.kernels import add, copy, scale


def tile_for(t: tr.Tensor) -> tuple[int, ...]:
    if t.ndim == 1:
        return (min(256, t.shape[0]),)
    return (1, t.shape[-1])


def alloc_like(t: tr.Tensor, name: str | None = None) -> tr.Tensor:
    return tr.zeros(t.shape, dtype=tr.f32, name=name)


def launch_add(out: tr.Tensor, a: tr.Tensor, b: tr.Tensor) -> tr.Op:
    return add(out.partition(tile_for(out)), a, b)


def launch_scale(out: tr.Tensor, factor: float) -> tr.Op:
    return scale(out.partition(tile_for(out)), factor)


def submit_copy(dst: tr.Tensor, src: tr.Tensor) -> tr.Pending:
    return copy(dst.partition(tile_for(dst)), src).submit()
