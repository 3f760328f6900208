"""llmcove: a few elementwise kernels and host helpers, as a small inference package keeps them
(written from tilert's README and docs/kernels.md for this evaluation set)."""

from llmcove.helpers import TILE, add_into, residual_add, scaled_copy, submit_add
from llmcove.ops import add, axpy, copy, mul, relu, scale, silu

__all__ = [
    "TILE",
    "add",
    "add_into",
    "axpy",
    "copy",
    "mul",
    "relu",
    "residual_add",
    "scale",
    "scaled_copy",
    "silu",
    "submit_add",
]
