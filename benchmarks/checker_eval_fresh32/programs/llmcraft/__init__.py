"""llmcraft: a small kernel package for the programs of this set (elementwise kernels and the
host helpers that launch them)."""

from llmcraft.kernels import add, axpy, copy, mul, scale, silu
from llmcraft.ops import TILE, add_into, copy_into, scale_into

__all__ = [
    "TILE",
    "add",
    "add_into",
    "axpy",
    "copy",
    "copy_into",
    "mul",
    "scale",
    "scale_into",
    "silu",
]
