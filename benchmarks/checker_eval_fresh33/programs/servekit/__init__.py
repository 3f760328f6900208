"""servekit: a few elementwise kernels and host helpers for this set's programs."""

from servekit.host import TILE, allclose, launch_add, launch_scale, random_tensor
from servekit.kernels import accumulate, add, axpy, copy, mul, relu, scale, sgd_step

__all__ = [
    "TILE",
    "accumulate",
    "add",
    "allclose",
    "axpy",
    "copy",
    "launch_add",
    "launch_scale",
    "mul",
    "random_tensor",
    "relu",
    "scale",
    "sgd_step",
]
