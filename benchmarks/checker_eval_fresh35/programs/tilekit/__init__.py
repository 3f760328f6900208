"""tilekit: a few elementwise tile kernels and the host helpers around them."""

from tilekit.host import add_into, from_host, scaled, stage, submit_add, to_host
from tilekit.kernels import accumulate, add, axpy, copy, mul, scale

__all__ = [
    "accumulate",
    "add",
    "add_into",
    "axpy",
    "copy",
    "from_host",
    "mul",
    "scale",
    "scaled",
    "stage",
    "submit_add",
    "to_host",
]
