"""What a block knows of its launch (``bid``, ``num_blocks``, ``num_tiles``), ``cdiv``,
``static_assert`` and ``printf``, re-exported by ``tilert.lang``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tilert.interpret import blocks as _blocks
from tilert.interpret.tiles import Tile

Shape = int | Sequence[int]


def bid(axis: int) -> Tile[Any]:
    """This block's coordinate along launch-grid ``axis`` (an i32 scalar)."""
    return _blocks.bid(axis)


def num_blocks(axis: int) -> int:
    """The launch grid's extent along ``axis``."""
    return _blocks.num_blocks(axis)


def cdiv(a: Any, b: Any) -> Any:
    """Ceiling division ``(a + b - 1) // b``: an int for ints, else a tile."""
    return _blocks.cdiv(a, b)


def num_tiles(x: Any, axis: int, shape: Shape) -> int:
    """How many tiles of ``shape`` cover tensor parameter ``x`` along ``axis`` (the last one
    may be partial)."""
    return _blocks.num_tiles(x, axis, shape)


def static_assert(condition: Any, message: Any = None) -> None:
    """Refuse the kernel when ``condition`` (known at compile time: shapes, dtypes, Const
    parameters) is false; the GPU refuses it when compiling."""
    _blocks.static_assert(condition, message)


def printf(fmt: str, *args: Any) -> None:
    """Print ``fmt % args`` from each block, prefixed by the block id."""
    _blocks.printf(fmt, *args)
