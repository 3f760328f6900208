"""llmfjord: a small local kernel package for the held-out programs (elementwise kernels and a
few host helpers), written from tilert's docs."""

from llmfjord.host import alloc_like, launch_add, launch_scale, submit_add, tile_for
from llmfjord.kernels import add, axpy, copy, gelu_tanh, mul, relu, residual_add, scale

__all__ = [
    "add",
    "alloc_like",
    "axpy",
    "copy",
    "gelu_tanh",
    "launch_add",
    "launch_scale",
    "mul",
    "relu",
    "residual_add",
    "scale",
    "submit_add",
    "tile_for",
]
