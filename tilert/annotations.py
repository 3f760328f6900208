"""Parameter annotations of kernels: ``Mutable[Tensor[f32]]``, ``Shared[Tensor[f16]]``,
``Const[int]``. At run time they are plain generic aliases that ``tilert.kernel`` reads; the
stubs give them their precise static meaning."""

from __future__ import annotations

from typing import Generic, TypeVar

T = TypeVar("T")


class Mutable(Generic[T]):
    """An output: the host passes a Partition, each block owns one tile of it."""


class Shared(Generic[T]):
    """An input: the host passes a Tensor, every block may read all of it, none may write."""


class Const(Generic[T]):
    """A scalar known at compile time: each distinct value specializes the compiled kernel."""
