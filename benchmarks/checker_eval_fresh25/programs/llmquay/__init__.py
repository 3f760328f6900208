"""llmquay: a small kernel package for the programs of this set (elementwise kernels written in
tilert.lang, plus host helpers that make the lazy ops)."""

from llmquay.host import add_into, copy_into, scale_into
from llmquay.kernels import accumulate, add, axpy, copy, mul, relu, rms_rows, scale

__all__ = [
    "accumulate",
    "add",
    "add_into",
    "axpy",
    "copy",
    "copy_into",
    "mul",
    "relu",
    "rms_rows",
    "scale",
    "scale_into",
]
