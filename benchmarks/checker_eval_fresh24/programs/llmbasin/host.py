"""Host helpers: each makes, runs or submits one launch of the package's kernels."""

import tilert as tr
from llmbasin.kernels import add, copy, scale
from tilert import Tensor, f32

TILE = 128


def new_buffer(n: int, name: str | None = None) -> Tensor[f32]:
    return tr.zeros((n,), dtype=f32, name=name)


def launch_add(out: Tensor[f32], a: Tensor[f32], b: Tensor[f32]) -> tr.Op:
    return add(out.partition((TILE,)), a, b)


def launch_scale(out: Tensor[f32], x: Tensor[f32], alpha: float) -> tr.Op:
    return scale(out.partition((TILE,)), x, alpha)


def submit_copy(out: Tensor[f32], src: Tensor[f32], stream: tr.Stream | None = None) -> tr.Pending:
    return copy(out.partition((TILE,)), src).submit(stream)
