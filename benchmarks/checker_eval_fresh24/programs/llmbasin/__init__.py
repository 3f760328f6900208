"""llmbasin: a small package of elementwise kernels and host helpers, as a project keeps
next to its serving and training scripts (written from tilert's README and docs)."""

from llmbasin.host import TILE, launch_add, launch_scale, new_buffer, submit_copy
from llmbasin.kernels import add, add_, axpy, copy, fill, mul, relu, scale, scale_

__all__ = [
    "TILE",
    "add",
    "add_",
    "axpy",
    "copy",
    "fill",
    "launch_add",
    "launch_scale",
    "mul",
    "new_buffer",
    "relu",
    "scale",
    "scale_",
    "submit_copy",
]
