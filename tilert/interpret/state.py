"""The memory of one attempt at a launch. Stores go to private working copies of the written
tensors (made on first write) and reach the tensors only at ``commit``, so an abandoned
batched attempt, or a launch that fails part-way, leaves every tensor untouched."""

from __future__ import annotations

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

    def _work_array(self, tensor: TensorLike) -> np.ndarray[Any, Any]:
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
        *,
        atomic: bool = False,
    ) -> None:
        """Write each block's tile (``data``: batch or 1, *tile) at its tile-space coords; with
        ``atomic``, add it into the tensor, element by element, in block order."""
        work = self._work_array(tensor)
        if self.races is None and not atomic:
            scatter(work, tile, coords, data, ctx.batch, self._views)
            return
        elems, mask = written_elements(coords, tuple(work.shape), tile, ctx.batch)
        self._record(ctx, name, tuple(work.shape), elems, mask, atomic=atomic)
        index = tuple(e[mask] for e in elems)
        values = np.broadcast_to(data, mask.shape)[mask]
        if atomic:
            np.add.at(work.reshape(-1), np.ravel_multi_index(index, work.shape), values)
        else:
            work[index] = values

    def _record(
        self,
        ctx: BlockContext,
        name: str,
        shape: tuple[int, ...],
        elems: tuple[np.ndarray[Any, Any], ...],
        mask: np.ndarray[Any, Any],
        *,
        atomic: bool,
    ) -> None:
        if self.races is None:
            return
        flat = np.ravel_multi_index(tuple(e[mask] for e in elems), shape).astype(np.int64)
        blocks = np.broadcast_to(ctx.linear.reshape(-1, *([1] * (mask.ndim - 1))), mask.shape)[mask]
        self.races.record(name, shape, flat, blocks.astype(np.int64), atomic=atomic)

    def commit(self) -> None:
        """Publish every write of the launch to its tensor."""
        for tensor, work in self._work.values():
            np.copyto(tensor._host_array, work)
