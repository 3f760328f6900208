"""llmreef: a few elementwise kernels and host helpers, as a small project would keep them."""

from llmreef.kernels import add, axpy, copy, fill, relu, scale, silu
from llmreef.ops import BLOCK, add_into, launch_scale, tiles_for

__all__ = [
    "BLOCK",
    "add",
    "add_into",
    "axpy",
    "copy",
    "fill",
    "launch_scale",
    "relu",
    "scale",
    "silu",
    "tiles_for",
]
