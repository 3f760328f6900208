"""What the interpreter reads from the runtime's objects. The lead's Kernel, Tensor and
Partition classes satisfy these; tests may pass small stand-ins."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

import numpy as np

from tilert.dtypes import DType
from tilert.signature import Param


class TensorLike(Protocol):
    """A dense tensor whose host array ``_host_array`` is written in place."""

    @property
    def _host_array(self) -> np.ndarray[Any, Any]: ...

    @property
    def shape(self) -> tuple[int, ...]: ...

    @property
    def dtype(self) -> type[DType]: ...


class OrderLike(Protocol):
    """The order in which a mapped partition hands its tiles to blocks."""

    @property
    def kind(self) -> str: ...  # "row-major" or "grouped"

    @property
    def group(self) -> int: ...


class MappingLike(Protocol):
    """A persistent launch: ``blocks`` blocks share the partition's tiles in ``order``."""

    @property
    def blocks(self) -> int: ...

    @property
    def order(self) -> OrderLike: ...


class PartitionLike(Protocol):
    """A tensor split into disjoint tiles; each block of the launch owns one (or, mapped, some)."""

    @property
    def tensor(self) -> TensorLike: ...

    @property
    def tile_shape(self) -> tuple[int, ...]: ...

    @property
    def grid(self) -> tuple[int, ...]: ...

    @property
    def mapping(self) -> MappingLike | None: ...


class KernelLike(Protocol):
    """A validated kernel: the plain function, its name, its parameters, its safety opt-out."""

    @property
    def fn(self) -> Callable[..., Any]: ...

    @property
    def name(self) -> str: ...

    @property
    def params(self) -> tuple[Param, ...]: ...

    @property
    def unsafe(self) -> bool: ...
