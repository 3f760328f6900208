"""Helpers of a user's package: they launch the package's kernels and hand back what runs."""

from __future__ import annotations

import tilert as tr
from tilelib.kernels import copy, scale
from tilert import Tensor, f32


def launch_scale(t: Tensor[f32], a: float) -> tr.Pending:
    return scale(t.partition((256,)), a).submit()


def copy_op(dst: Tensor[f32], src: Tensor[f32]) -> tr.Op:
    return copy(dst.partition((256,)), src)
