"""llmdelta: a small package of elementwise kernels and host helpers, written from tilert's
docs, imported by this set's programs (`from llmdelta import add, scale_into, ...`)."""

from llmdelta.host import alloc_like, launch_add, launch_copy, submit_add, submit_scale
from llmdelta.kernels import accumulate, add, axpy, copy, mul, relu, scale

__all__ = [
    "accumulate",
    "add",
    "alloc_like",
    "axpy",
    "copy",
    "launch_add",
    "launch_copy",
    "mul",
    "relu",
    "scale",
    "submit_add",
    "submit_scale",
]
