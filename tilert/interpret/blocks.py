"""What a block knows about the launch: its id, the grid, and printf (which prints per block,
so a batched run turns serial to keep each block's lines together and in order)."""

from __future__ import annotations

import operator
from typing import Any

import numpy as np

from tilert.dtypes import i32
from tilert.interpret import tiles as _tiles
from tilert.interpret.context import NeedsSerial, current, kernel_op

MAX_GRID_RANK = 3


def _axis(axis: int, op: str) -> int:
    a = operator.index(axis)
    if not 0 <= a < MAX_GRID_RANK:
        raise ValueError(f"{op}: axis must be 0, 1 or 2, got {a}")
    return a


@kernel_op("tl.bid")
def bid(axis: int) -> _tiles.Tile[Any]:
    """This block's coordinate along grid axis ``axis`` (0 for axes the grid lacks)."""
    ctx = current("tl.bid")
    a = _axis(axis, "tl.bid")
    if a >= len(ctx.grid):
        return _tiles.Tile(np.zeros(1, dtype=np.int32), i32)
    return _tiles.Tile(ctx.coords[a].astype(np.int32), i32)


@kernel_op("tl.num_blocks")
def num_blocks(axis: int) -> int:
    """The grid's extent along ``axis`` (1 for axes the grid lacks): the same for every block."""
    ctx = current("tl.num_blocks")
    a = _axis(axis, "tl.num_blocks")
    return ctx.grid[a] if a < len(ctx.grid) else 1


@kernel_op("tl.cdiv")
def cdiv(a: Any, b: Any) -> Any:
    """Ceiling division: a Python int for ints, else a tile."""
    if isinstance(a, (int, np.integer)) and isinstance(b, (int, np.integer)):
        return -(-int(a) // int(b))
    return (a + b - 1) // b


def _printable(value: object) -> object:
    if isinstance(value, _tiles.Tile):
        data = value._data[0]
        return data.item() if value.shape == () else data
    return value


@kernel_op("tl.printf")
def printf(fmt: str, *args: object) -> None:
    """Print from each block, prefixed by its id; ``fmt`` uses %-formatting (as C's printf).
    One line per call: a format that ends its line itself (``"...\\n"``, as the GPU's printf
    needs) gets no second newline."""
    ctx = current("tl.printf")
    if ctx.batch > 1:
        raise NeedsSerial("tl.printf prints per block")
    values = tuple(_printable(a) for a in args)
    text = fmt % values if values else fmt
    end = "" if text.endswith("\n") else "\n"
    print(f"[block {ctx.block_label(int(ctx.linear[0]))}] {text}", end=end, flush=True)


@kernel_op("tl.num_tiles")
def num_tiles(x: Any, axis: int, shape: Any) -> int:
    """How many tiles of ``shape`` cover tensor parameter ``x`` along ``axis`` (the last one
    partial): ``cdiv(x.shape[axis], shape[axis])``."""
    dims = getattr(x, "shape", None)
    if not isinstance(dims, tuple):
        raise TypeError(f"the first argument must be a tensor parameter, got {type(x).__name__}")
    tile = (shape,) if isinstance(shape, int) else tuple(shape)
    a = operator.index(axis)
    if len(tile) != len(dims) or not 0 <= a < len(dims):
        raise ValueError(
            f"a tile shape {tile} and axis {a} for a tensor of rank {len(dims)}: give one tile "
            "dimension per tensor axis and an axis of the tensor"
        )
    return -(-int(dims[a]) // operator.index(tile[a]))


@kernel_op("tl.static_assert")
def static_assert(condition: object, message: object = None) -> None:
    """Fail the kernel when a condition known at compile time (shapes, dtypes, Const
    parameters: no tile values) is false, as cuTile's ``static_assert`` fails its compile."""
    if isinstance(condition, _tiles.Tile):
        raise TypeError(
            "tl.static_assert needs a condition known at compile time (shapes, dtypes, Const "
            "parameters), not a tile value"
        )
    if not condition:
        raise AssertionError("" if message is None else str(message))
