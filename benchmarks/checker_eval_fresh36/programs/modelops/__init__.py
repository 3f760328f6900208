"""A small package of elementwise kernels and host helpers, as a model repository keeps them."""

from modelops.host import alloc_like, launch_add, launch_scale, submit_copy, tile_for
from modelops.kernels import add, axpy, copy, gelu, mul, relu, scale, silu

__all__ = [
    "add",
    "alloc_like",
    "axpy",
    "copy",
    "gelu",
    "launch_add",
    "launch_scale",
    "mul",
    "relu",
    "scale",
    "silu",
    "submit_copy",
    "tile_for",
]
