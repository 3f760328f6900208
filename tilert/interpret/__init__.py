"""The numpy interpreter: runs tile kernels on the CPU, exactly and deterministically.

``launch`` is what the runtime's ``interpret`` backend calls. Kernels run vectorized across
blocks when they can and block by block when they must (see ``executor``)."""

from __future__ import annotations

from collections.abc import Sequence

from tilert.interpret.executor import Mode, execute
from tilert.interpret.protocols import (
    KernelLike,
    MappingLike,
    OrderLike,
    PartitionLike,
    TensorLike,
)
from tilert.interpret.tiles import Tile

__all__ = [
    "KernelLike",
    "MappingLike",
    "Mode",
    "OrderLike",
    "PartitionLike",
    "TensorLike",
    "Tile",
    "execute",
    "launch",
]


def launch(kernel: KernelLike, args: Sequence[object], grid: tuple[int, ...]) -> None:
    """Run one kernel launch to completion on the CPU, writing into the Mutable tensors."""
    execute(kernel, list(args), grid)
