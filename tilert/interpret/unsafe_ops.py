"""``tl.unsafe.store``: a tile written anywhere in a Mutable parameter's tensor, for
``unsafe=True`` kernels only (the element-indexed writes are in ``indexing``). The interpreter
tracks every element these (and ``z.store``) write and reports two blocks writing one element
as a RaceError."""

from __future__ import annotations

from typing import Any

from tilert.interpret.context import BlockContext, TileOpError, current, kernel_op
from tilert.interpret.elementwise import convert
from tilert.interpret.memory import Coords, index_coords
from tilert.interpret.tiles import Tile
from tilert.interpret.views import MutableView


def _prepare(
    op: str, target: object, index: object, tile: object
) -> tuple[BlockContext, MutableView, Coords, Tile[Any]]:
    ctx = current(op)
    if not ctx.unsafe:
        raise TileOpError(op, f"kernel `{ctx.kernel_name}` is not marked @tr.kernel(unsafe=True)")
    if not isinstance(target, MutableView):
        raise TypeError(f"the target must be a Mutable parameter, got {target!r}")
    if not isinstance(tile, Tile):
        raise TypeError(f"the value must be a tile, got {type(tile).__name__}")
    if tile.ndim != len(target.shape):
        raise ValueError(
            f"the tile has shape {tile.shape} (rank {tile.ndim}) but `{target._name}` has rank "
            f"{len(target.shape)}"
        )
    return ctx, target, index_coords(index, tile.ndim, op), tile


@kernel_op("tl.unsafe.store")
def store(target: object, index: object, tile: object) -> None:
    """Store ``tile`` at tile-space ``index`` of ``target``'s whole tensor."""
    ctx, view, coords, t = _prepare("tl.unsafe.store", target, index, tile)
    data = convert(t._data, t.dtype, view.dtype)
    ctx.state.write(ctx, view._name, view._tensor, t.shape, coords, data)
