"""Host helpers: build the launches with the package's default tile."""

import tilert as tr
from llmcove.ops import add, copy, scale
from tilert import Tensor, f32

TILE = 128


def add_into(out: Tensor[f32], a: Tensor[f32], b: Tensor[f32]) -> tr.Op:
    """The op ``out = a + b`` (not run)."""
    return add(out.partition((TILE,)), a, b)


def submit_add(out: Tensor[f32], a: Tensor[f32], b: Tensor[f32]) -> tr.Pending:
    """Start ``out = a + b`` on the current stream; the caller waits."""
    return add(out.partition((TILE,)), a, b).submit()


def residual_add(hidden: Tensor[f32], residual: Tensor[f32], tmp: Tensor[f32]) -> None:
    """``hidden += residual`` through ``tmp``, synced."""
    add(tmp.partition((TILE,)), hidden, residual).sync()
    copy(hidden.partition((TILE,)), tmp).sync()


def scaled_copy(out: Tensor[f32], src: Tensor[f32], alpha: float) -> tr.Op:
    """The op ``out = alpha * src``: a copy, then a scale of the same tiles."""
    return copy(out.partition((TILE,)), src).then(lambda op_out, *_: scale(op_out, alpha))
