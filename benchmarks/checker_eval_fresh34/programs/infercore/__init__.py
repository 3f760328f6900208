"""infercore: a small inference helper package of this set's programs (elementwise kernels
and host helpers written from tilert's docs), imported as a user's own package would be."""

from infercore.host import KVBlockPool, launch_add, new_buffers, submit_copy, submit_scale
from infercore.kernels import add, axpy, copy, fill, mul, relu, scale, silu_mul

__all__ = [
    "KVBlockPool",
    "add",
    "axpy",
    "copy",
    "fill",
    "launch_add",
    "mul",
    "new_buffers",
    "relu",
    "scale",
    "silu_mul",
    "submit_copy",
    "submit_scale",
]
