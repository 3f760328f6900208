"""Host helpers: each partitions its output with a fixed tile and returns the launch."""

import tilert as tr
from llmquill.kernels import add, copy, scale

TILE = 256


def scaled(out: tr.Tensor, x: tr.Tensor, factor: float) -> tr.Op:
    """out = x * factor, as a lazy op."""
    return scale(out.partition((TILE,)), x, factor)


def add_async(out: tr.Tensor, a: tr.Tensor, b: tr.Tensor) -> tr.Pending:
    """out = a + b, submitted: the caller waits."""
    return add(out.partition((TILE,)), a, b).submit()


def launch_scale(out: tr.Tensor, x: tr.Tensor, factor: float) -> None:
    """out = x * factor, run to completion."""
    scale(out.partition((TILE,)), x, factor).sync()


def fill_copy(out: tr.Tensor, src: tr.Tensor) -> tr.Op:
    return copy(out.partition((TILE,)), src)
