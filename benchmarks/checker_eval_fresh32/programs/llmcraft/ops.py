"""Host helpers: each partitions its output and returns the lazy op."""

import tilert as tr
from llmcraft.kernels import add, copy, scale

TILE = 64


def add_into(out: tr.Tensor, a: tr.Tensor, b: tr.Tensor, tile: int = TILE) -> tr.Op:
    return add(out.partition((tile,)), a, b)


def scale_into(out: tr.Tensor, x: tr.Tensor, alpha: float, tile: int = TILE) -> tr.Op:
    return scale(out.partition((tile,)), x, alpha)


def copy_into(out: tr.Tensor, src: tr.Tensor, tile: int = TILE) -> tr.Op:
    return copy(out.partition((tile,)), src)
