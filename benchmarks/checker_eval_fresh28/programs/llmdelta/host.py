"""Host helpers: make the output partition and return the op (or the Pending)."""

import tilert as tr
from llmdelta.kernels import add, copy, scale
from tilert import Tensor, f32

TILE = 64


def alloc_like(t: Tensor[f32], name: str | None = None) -> Tensor[f32]:
    return tr.zeros(t.shape, name=name)


def _tile(t: Tensor[f32]) -> tuple[int, ...]:
    return (TILE,) if t.ndim == 1 else (1,) * (t.ndim - 1) + (TILE,)


def launch_add(out: Tensor[f32], a: Tensor[f32], b: Tensor[f32]) -> tr.Op:
    return add(out.partition(_tile(out)), a, b)


def launch_copy(out: Tensor[f32], src: Tensor[f32]) -> tr.Op:
    return copy(out.partition(_tile(out)), src)


def submit_add(out: Tensor[f32], a: Tensor[f32], b: Tensor[f32]) -> tr.Pending:
    return add(out.partition(_tile(out)), a, b).submit()


def submit_scale(out: Tensor[f32], x: Tensor[f32], alpha: float) -> tr.Pending:
    return scale(out.partition(_tile(out)), x, alpha).submit()
