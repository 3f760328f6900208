"""Host helpers: each partitions the output and returns the lazy op (nothing runs here)."""

import tilert as tr
from llmforge.kernels import add, copy, scale
from tilert import Tensor, f32

TILE = 128


def tiles_for(t: Tensor[f32]) -> tuple[int, ...]:
    if t.ndim == 1:
        return (min(TILE, t.shape[0]),)
    return (1, t.shape[-1])


def launch_add(out: Tensor[f32], a: Tensor[f32], b: Tensor[f32]) -> tr.Op:
    return add(out.partition(tiles_for(out)), a, b)


def launch_scale(out: Tensor[f32], x: Tensor[f32], factor: float) -> tr.Op:
    return scale(out.partition(tiles_for(out)), x, factor)


def launch_copy(out: Tensor[f32], src: Tensor[f32]) -> tr.Op:
    return copy(out.partition(tiles_for(out)), src)
