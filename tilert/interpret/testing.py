"""Minimal host objects for driving the interpreter directly (tests, benchmarks, debugging):
a tensor over a numpy array, a partition, a mapping, and ``run`` to launch a plain function
as a kernel without the runtime's ownership machinery."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from tilert.dtypes import DType, from_numpy_dtype
from tilert.interpret.executor import Mode, execute
from tilert.signature import Param, ParamKind


class HostTensor:
    """A tensor whose storage is ``array`` itself (writes land in it)."""

    def __init__(self, array: np.ndarray[Any, Any]) -> None:
        self._host_array = np.ascontiguousarray(array)

    @property
    def shape(self) -> tuple[int, ...]:
        return tuple(self._host_array.shape)

    @property
    def dtype(self) -> type[DType]:
        return from_numpy_dtype(self._host_array.dtype)

    @property
    def array(self) -> np.ndarray[Any, Any]:
        return self._host_array


@dataclass(frozen=True)
class HostOrder:
    kind: str = "row-major"
    group: int = 1


@dataclass(frozen=True)
class HostMapping:
    blocks: int
    order: HostOrder = field(default_factory=HostOrder)


class HostPartition:
    """``tensor`` split into tiles of ``tile_shape``; optionally mapped onto ``blocks``."""

    def __init__(
        self,
        tensor: HostTensor,
        tile_shape: tuple[int, ...],
        mapping: HostMapping | None = None,
    ) -> None:
        self.tensor = tensor
        self.tile_shape = tuple(tile_shape)
        self.grid = tuple(-(-s // t) for s, t in zip(tensor.shape, self.tile_shape, strict=True))
        self.mapping = mapping


@dataclass(frozen=True)
class HostKernel:
    fn: Callable[..., Any]
    name: str
    params: tuple[Param, ...]
    unsafe: bool = False


def _param(name: str, value: object) -> Param:
    if isinstance(value, HostPartition):
        return Param(name, ParamKind.MUTABLE, value.tensor.dtype)
    if isinstance(value, HostTensor):
        return Param(name, ParamKind.SHARED, value.dtype)
    if isinstance(value, bool):
        return Param(name, ParamKind.SCALAR, None, bool)
    if isinstance(value, int):
        return Param(name, ParamKind.SCALAR, None, int)
    return Param(name, ParamKind.SCALAR, None, float)


def kernel_of(
    fn: Callable[..., Any], args: tuple[object, ...], *, unsafe: bool = False
) -> HostKernel:
    """A KernelLike for ``fn`` whose parameter kinds follow the arguments' types."""
    names = fn.__code__.co_varnames[: fn.__code__.co_argcount]
    params = tuple(_param(n, a) for n, a in zip(names, args, strict=True))
    return HostKernel(fn, fn.__name__, params, unsafe)


def run(
    fn: Callable[..., Any],
    *args: object,
    grid: tuple[int, ...] | None = None,
    unsafe: bool = False,
    mode: Mode = "auto",
) -> str:
    """Launch ``fn`` over ``args`` (HostPartition -> Mutable, HostTensor -> Shared, else a
    scalar); the grid is the first partition's unless given. Returns how it ran."""
    if grid is None:
        part = next((a for a in args if isinstance(a, HostPartition)), None)
        if part is None:
            raise ValueError("no partition to take the grid from: pass grid=")
        grid = (part.mapping.blocks,) if part.mapping else part.grid
    return execute(kernel_of(fn, args, unsafe=unsafe), list(args), grid, mode)
