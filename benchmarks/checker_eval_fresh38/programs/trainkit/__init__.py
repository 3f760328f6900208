"""trainkit: a small training library's elementwise kernels and host helpers (for this set)."""

from trainkit.host import TILE, clip_grad, copy_into, launch_sgd, zero_
from trainkit.kernels import (
    accumulate,
    add,
    axpy,
    copy,
    fill,
    momentum,
    mul,
    scale,
    sgd_step,
    sq_accumulate,
)

__all__ = [
    "TILE",
    "accumulate",
    "add",
    "axpy",
    "clip_grad",
    "copy",
    "copy_into",
    "fill",
    "launch_sgd",
    "momentum",
    "mul",
    "scale",
    "sgd_step",
    "sq_accumulate",
    "zero_",
]
