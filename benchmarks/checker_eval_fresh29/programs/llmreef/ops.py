"""Host helpers: each makes the partition and returns the lazy op (nothing runs here)."""

import tilert as tr
from llmreef.kernels import add, scale
from tilert import Tensor, f32

BLOCK = 128


def tiles_for(n: int) -> tuple[int]:
    return (min(BLOCK, n),)


def add_into(out: Tensor[f32], a: Tensor[f32], b: Tensor[f32]) -> tr.Op:
    return add(out.partition(tiles_for(out.shape[0])), a, b)


def launch_scale(out: Tensor[f32], x: Tensor[f32], alpha: float) -> tr.Op:
    return scale(out.partition(tiles_for(out.shape[0])), x, alpha)
