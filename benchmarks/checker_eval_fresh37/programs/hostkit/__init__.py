"""hostkit: a few elementwise kernels and host helpers, written from tilert's docs, shared by
the programs of this set (as a project's own kernel package would be)."""

from hostkit.helpers import add_async, launch_add, launch_scale, staged_copy, to_device
from hostkit.kernels import accumulate, add, axpy, copy, relu, scale

__all__ = [
    "accumulate",
    "add",
    "add_async",
    "axpy",
    "copy",
    "launch_add",
    "launch_scale",
    "relu",
    "scale",
    "staged_copy",
    "to_device",
]
