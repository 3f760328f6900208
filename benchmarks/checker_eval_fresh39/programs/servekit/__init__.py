"""servekit: a few elementwise kernels and host helpers for the programs of this set."""

from servekit.host import launch_add, launch_copy, launch_scale, tiles_for
from servekit.kernels import add, axpy, copy, fill, relu, scale, scale_into

__all__ = [
    "add",
    "axpy",
    "copy",
    "fill",
    "launch_add",
    "launch_copy",
    "launch_scale",
    "relu",
    "scale",
    "scale_into",
    "tiles_for",
]
