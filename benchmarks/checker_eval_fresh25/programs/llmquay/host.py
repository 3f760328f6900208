"""Host helpers: each partitions its output and returns the lazy op (nothing runs here)."""

from __future__ import annotations

from llmquay.kernels import add, copy, scale
from tilert import Op, Tensor, f32

TILE = 64


def add_into(out: Tensor[f32], a: Tensor[f32], b: Tensor[f32], tile: int = TILE) -> Op:
    return add(out.partition((tile,)), a, b)


def scale_into(out: Tensor[f32], x: Tensor[f32], alpha: float, tile: int = TILE) -> Op:
    return scale(out.partition((tile,)), x, alpha)


def copy_into(out: Tensor[f32], src: Tensor[f32], tile: int = TILE) -> Op:
    return copy(out.partition((tile,)), src)
