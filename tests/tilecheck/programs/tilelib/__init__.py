"""The kernels the programs import, as a user's package of kernels."""

from tilelib.kernels import add, copy, scale

__all__ = ["add", "copy", "scale"]
