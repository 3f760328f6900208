"""What a kernel's tensor parameters are inside the kernel.

A Mutable parameter is a ``MutableView``: the block's own tile of the partition (``load``,
``store``, ``index``), or, for a mapped partition, the tiles ``tiles()`` yields. A Shared
parameter is a ``SharedView``: any tile may be loaded, nothing stored."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, TypeVar

import numpy as np

from tilert.dtypes import DType, i32
from tilert.errors import RaceError
from tilert.interpret import context
from tilert.interpret.context import BlockContext, NeedsSerial, TileOpError
from tilert.interpret.dtype_rules import is_scalar, python_scalar, scalar_array
from tilert.interpret.elementwise import convert
from tilert.interpret.mapping import MappedTiles
from tilert.interpret.memory import Coords, index_coords
from tilert.interpret.protocols import TensorLike
from tilert.interpret.shapes import tile_shape
from tilert.interpret.tiles import Tile

R = TypeVar("R")


def _guarded(op: str, ctx: BlockContext, body: Callable[[], R]) -> R:
    """Run one view operation: only inside its own kernel, errors named after ``op``."""
    if context.active() is not ctx:
        raise RuntimeError(f"{op} runs only inside the @tr.kernel launch it belongs to")
    try:
        return body()
    except (TileOpError, RaceError):
        raise
    except Exception as exc:
        raise TileOpError(op, str(exc) or type(exc).__name__) from exc


def check_latency(latency: object) -> None:
    """``latency=`` of a load is a hint for the GPU compiler (how heavy the DRAM traffic is,
    1 low to 10 high) and means nothing here; it is checked as cuTile checks it."""
    if latency is None:
        return
    if not isinstance(latency, (int, np.integer)) or isinstance(latency, bool):
        ok = False
    else:
        ok = 1 <= int(latency) <= 10
    if not ok:
        raise ValueError(
            f"latency={latency!r}: a load's latency hint is None or a compile-time int "
            "(a literal or a Const[int] parameter) from 1 (light DRAM traffic) to 10 (heavy)"
        )


def _index_tiles(coords: Coords) -> tuple[Tile[Any], ...]:
    return tuple(Tile(c.astype(np.int32), i32) for c in coords)


class MutableView:
    """A Mutable parameter: the block owns its tile(s) of the partition."""

    __slots__ = ("_ctx", "_mapped", "_name", "_tensor", "dtype", "shape", "tile_shape")

    def __init__(
        self,
        ctx: BlockContext,
        name: str,
        tensor: TensorLike,
        tile: tuple[int, ...],
        mapped: MappedTiles | None,
    ) -> None:
        self._ctx = ctx
        self._name = name
        self._tensor = tensor
        self._mapped = mapped
        self.tile_shape: tuple[int, ...] = tile
        self.shape: tuple[int, ...] = tuple(tensor.shape)
        self.dtype: type[DType] = tensor.dtype

    def __repr__(self) -> str:
        return (
            f"<Mutable `{self._name}`: {self.dtype}{list(self.shape)} in tiles {self.tile_shape}>"
        )

    @property
    def index(self) -> tuple[Tile[Any], ...]:
        """This block's tile coordinates in the partition's grid."""

        def body() -> tuple[Tile[Any], ...]:
            if self._mapped is not None:
                raise ValueError(
                    f"`{self._name}` is a mapped partition: a block owns several tiles; "
                    f"iterate them with `for idx in {self._name}.tiles():`"
                )
            return _index_tiles(list(self._ctx.coords))

        return _guarded(f"{self._name}.index", self._ctx, body)

    def coords(self, at: object, op: str) -> Coords:
        """Tile coordinates of the block's own tile, or of ``at`` (mapped partitions)."""
        ctx, name = self._ctx, self._name
        if self._mapped is None:
            if at is not None:
                raise ValueError(
                    f"`at=` is only for mapped partitions; each block of this launch owns "
                    f"exactly one tile of `{name}` and reaches it without an index"
                )
            return list(ctx.coords)
        if at is None:
            raise ValueError(
                f"`{name}` is a mapped partition: name the tile, as in "
                f"`for idx in {name}.tiles(): ... {op}(..., at=idx)`"
            )
        coords = index_coords(at, len(self.tile_shape), op)
        if not self._mapped.owned(coords, ctx.linear):
            raise ValueError(
                f"`at=` names a tile that is not one of this block's tiles of `{name}`; "
                f"use the indices {name}.tiles() yields"
            )
        return coords

    def load(self, at: object = None, latency: object = None) -> Tile[Any]:
        """The block's tile (zeros past the tensor's edge); ``latency`` is a GPU hint."""
        op = f"{self._name}.load"

        def body() -> Tile[Any]:
            check_latency(latency)
            coords = self.coords(at, op)
            return Tile(self._ctx.state.load(self._tensor, self.tile_shape, coords), self.dtype)

        return _guarded(op, self._ctx, body)

    def store(self, tile: object, at: object = None) -> None:
        """Write the block's tile (clipped to the tensor); the tile must have the partition's
        tile shape and is converted to the tensor's dtype."""
        op = f"{self._name}.store"

        def body() -> None:
            data = self._tile_data(tile, op)
            coords = self.coords(at, op)
            self._ctx.state.write(
                self._ctx, self._name, self._tensor, self.tile_shape, coords, data
            )

        _guarded(op, self._ctx, body)

    def _tile_data(self, value: object, op: str) -> np.ndarray[Any, Any]:
        rank = len(self.tile_shape)
        if isinstance(value, Tile):
            if value.shape != self.tile_shape:
                raise TileOpError(
                    op,
                    f"the tile has shape {value.shape} but the partition `{self._name}` has "
                    f"tile shape {self.tile_shape}; a block stores exactly its own tile",
                )
            return convert(value._data, value.dtype, self.dtype)
        if is_scalar(value):
            return scalar_array(python_scalar(value), self.dtype.np_dtype).reshape(
                (1,) * (rank + 1)
            )
        raise TypeError(f"{op} takes a tile, got {type(value).__name__}")

    def tiles(self) -> Iterator[tuple[Tile[Any], ...]]:
        """The indices of the tiles this block owns in a mapped partition, in hand-out order."""
        op = f"{self._name}.tiles"
        ctx, mapped = self._ctx, self._mapped

        def counts() -> int:
            if mapped is None:
                raise ValueError(
                    f"`{self._name}` is not mapped: its block owns one tile; use "
                    f"{self._name}.load() / {self._name}.store(t), or map the partition with "
                    ".mapped(blocks=...)"
                )
            per_block = mapped.counts(ctx.linear)
            if per_block.size and bool((per_block != per_block[0]).any()):
                raise NeedsSerial(f"{op}: blocks own different numbers of tiles")
            return int(per_block[0]) if per_block.size else 0

        count = _guarded(op, ctx, counts)
        assert mapped is not None
        for k in range(count):
            yield _index_tiles(mapped.step(ctx.linear, k))


class SharedView:
    """A Shared parameter: read-only; any tile of it may be loaded."""

    __slots__ = ("_ctx", "_name", "_tensor", "dtype", "shape")

    def __init__(self, ctx: BlockContext, name: str, tensor: TensorLike) -> None:
        self._ctx = ctx
        self._name = name
        self._tensor = tensor
        self.shape: tuple[int, ...] = tuple(tensor.shape)
        self.dtype: type[DType] = tensor.dtype

    def __repr__(self) -> str:
        return f"<Shared `{self._name}`: {self.dtype}{list(self.shape)}>"

    def __getattr__(self, attr: str) -> Any:
        if attr in ("store", "atomic_add"):
            raise AttributeError(
                f"`{self._name}` is Shared (read-only): it has no {attr}; write through a "
                "Mutable partition"
            )
        raise AttributeError(f"Shared parameter `{self._name}` has no attribute {attr!r}")

    def load_tile(self, shape: object, index: object, latency: object = None) -> Tile[Any]:
        """The tile of ``shape`` at tile-space ``index`` (element offset index * shape per
        axis); zeros past the tensor's edge. ``latency`` is a GPU hint."""
        op = f"{self._name}.load_tile"

        def body() -> Tile[Any]:
            check_latency(latency)
            dims = tile_shape(shape)
            if len(dims) != len(self.shape):
                raise ValueError(
                    f"tile shape {dims} has rank {len(dims)} but `{self._name}` has rank "
                    f"{len(self.shape)}"
                )
            coords = index_coords(index, len(dims), op)
            return Tile(self._ctx.state.load(self._tensor, dims, coords), self.dtype)

        return _guarded(op, self._ctx, body)


def load_tile_like(x: object, z: object, at: object = None, latency: object = None) -> Tile[Any]:
    """``x``'s tile at ``z``'s tile position, with ``z``'s tile shape."""
    op = "tl.load_tile_like"
    if not isinstance(z, MutableView):
        context.current(op)
        raise TileOpError(op, f"the second argument must be a Mutable parameter, got {z!r}")
    if not isinstance(x, (SharedView, MutableView)):
        raise TileOpError(op, f"the first argument must be a tensor parameter, got {x!r}")

    def body() -> Tile[Any]:
        check_latency(latency)
        coords = z.coords(at, op)
        if len(x.shape) != len(z.tile_shape):
            raise ValueError(
                f"`{x._name}` has rank {len(x.shape)} but `{z._name}`'s tiles have rank "
                f"{len(z.tile_shape)}"
            )
        short = [a for a, (n, m) in enumerate(zip(x.shape, z.shape, strict=True)) if n < m]
        if short:  # z's tiles past x's edge would read zeros, on the GPU too: a wrong answer
            raise ValueError(
                f"`{x._name}` ({x.dtype}{list(x.shape)}) is smaller than `{z._name}` "
                f"({z.dtype}{list(z.shape)}) along axis {short[0]}, so `{z._name}`'s tiles past "
                f"its edge would read zeros; pass tensors of one shape, or load "
                f"`{x._name}.load_tile(shape, index)` where that is meant"
            )
        return Tile(z._ctx.state.load(x._tensor, z.tile_shape, coords), x.dtype)

    return _guarded(op, z._ctx, body)
