"""Host helpers: each returns a lazy op, as the kernels do; the caller runs it."""

import tilert as tr
from tilert import Tensor, f32
from trainkit.kernels import copy, fill, scale, sgd_step

TILE = 256


def zero_(t: Tensor[f32]) -> tr.Op:
    return fill(t.partition((TILE,)), 0.0)


def copy_into(dst: Tensor[f32], src: Tensor[f32]) -> tr.Op:
    return copy(dst.partition((TILE,)), src)


def launch_sgd(param: Tensor[f32], grad: Tensor[f32], lr: float) -> tr.Op:
    return sgd_step(param.partition((TILE,)), grad, lr)


def clip_grad(grad: Tensor[f32], factor: float) -> tr.Op:
    return scale(grad.partition((TILE,)), factor)
