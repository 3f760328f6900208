"""llmquill: a few element-wise kernels and the host helpers around them (a small local
package, as a project keeps its own kernels next to tilert's library)."""

from llmquill.kernels import add, axpy, copy, gelu, relu, residual_add, scale
from llmquill.ops import add_async, fill_copy, launch_scale, scaled

__all__ = [
    "add",
    "add_async",
    "axpy",
    "copy",
    "fill_copy",
    "gelu",
    "launch_scale",
    "relu",
    "residual_add",
    "scale",
    "scaled",
]
