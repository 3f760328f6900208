"""The memory of one attempt at a launch. Stores go to private working copies of the written
tensors (made on first write) and reach the tensors only at ``commit``, so an abandoned
batched attempt, or a launch that fails part-way, leaves every tensor untouched."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from tilert.interpret.memory import Coords, ViewCache, gather, scatter, written_elements
from tilert.interpret.protocols import TensorLike
from tilert.interpret.race import RaceTracker

if TYPE_CHECKING:
    from tilert.interpret.context import BlockContext


class RunState:
    def __init__(self, races: RaceTracker | None) -> None:
        self._work: dict[int, tuple[TensorLike, np.ndarray[Any, Any]]] = {}
        self._views: ViewCache = {}
        self.races = races

    def load(
        self, tensor: TensorLike, tile: tuple[int, ...], coords: Coords
    ) -> np.ndarray[Any, Any]:
        """The tiles at ``coords`` as this launch sees them (batch or 1, *tile)."""
        return gather(self.read_array(tensor), tile, coords, self._views)

    def read_array(self, tensor: TensorLike) -> np.ndarray[Any, Any]:
        """What a load sees: this launch's writes so far, else the tensor itself."""
        entry = self._work.get(id(tensor))
        return entry[1] if entry is not None else tensor._host_array

    def work_array(self, tensor: TensorLike) -> np.ndarray[Any, Any]:
        """The launch's private copy of ``tensor``, which its writes go to until commit."""
        entry = self._work.get(id(tensor))
        if entry is None:
            entry = (tensor, np.array(tensor._host_array, copy=True, order="C"))
            self._work[id(tensor)] = entry
        return entry[1]

    def write(
        self,
        ctx: BlockContext,
        name: str,
        tensor: TensorLike,
        tile: tuple[int, ...],
        coords: Coords,
        data: np.ndarray[Any, Any],
    ) -> None:
        """Write each block's tile (``data``: batch or 1, *tile) at its tile-space coords."""
        work = self.work_array(tensor)
        if self.races is None:
            scatter(work, tile, coords, data, ctx.batch, self._views)
            return
        elems, mask = written_elements(coords, tuple(work.shape), tile, ctx.batch)
        self.write_elements(ctx, name, tensor, elems, mask, data)

    def write_elements(
        self,
        ctx: BlockContext,
        name: str,
        tensor: TensorLike,
        elems: Sequence[np.ndarray[Any, Any]],
        mask: np.ndarray[Any, Any],
        data: np.ndarray[Any, Any],
    ) -> None:
        """Write ``data`` at the element coordinates ``elems`` where ``mask`` holds (all
        broadcastable to one shape, batch first)."""
        work = self.work_array(tensor)
        shape = np.broadcast_shapes(mask.shape, *(e.shape for e in elems))
        mask = np.broadcast_to(mask, shape)
        full = tuple(np.broadcast_to(e, shape) for e in elems)
        self.record_elements(ctx, name, tuple(work.shape), full, mask, atomic=False)
        work[tuple(e[mask] for e in full)] = np.broadcast_to(data, shape)[mask]

    def record_elements(
        self,
        ctx: BlockContext,
        name: str,
        shape: tuple[int, ...],
        elems: Sequence[np.ndarray[Any, Any]],
        mask: np.ndarray[Any, Any],
        *,
        atomic: bool,
    ) -> None:
        """Tell the race check which blocks wrote which elements (nothing when it is off)."""
        if self.races is None:
            return
        flat = np.ravel_multi_index(tuple(e[mask] for e in elems), shape).astype(np.int64)
        blocks = np.broadcast_to(ctx.linear.reshape(-1, *([1] * (mask.ndim - 1))), mask.shape)[mask]
        self.races.record(name, shape, flat, blocks.astype(np.int64), atomic=atomic)

    def commit(self) -> None:
        """Publish every write of the launch to its tensor."""
        for tensor, work in self._work.values():
            np.copyto(tensor._host_array, work)
