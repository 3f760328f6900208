"""llmforge: a few elementwise kernels and host helpers, as a small project would keep them."""

from llmforge.host import TILE, launch_add, launch_copy, launch_scale, tiles_for
from llmforge.kernels import add, axpy, copy, gelu, relu, scale, silu_mul

__all__ = [
    "TILE",
    "add",
    "axpy",
    "copy",
    "gelu",
    "launch_add",
    "launch_copy",
    "launch_scale",
    "relu",
    "scale",
    "silu_mul",
    "tiles_for",
]
