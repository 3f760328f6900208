"""``tl.gather`` and ``tl.unsafe`` (tile-space stores, element-indexed scatter and atomics),
re-exported by ``tilert.lang``."""

from __future__ import annotations

from typing import Any

from tilert.interpret import indexing as _indexing
from tilert.interpret import unsafe_ops as _unsafe_ops
from tilert.interpret.tiles import Tile


def gather(
    x: Any, indices: Any, *, mask: Any = None, padding_value: Any = 0, latency: int | None = None
) -> Tile[Any]:
    """The elements of Shared parameter ``x`` at ``indices`` (one integer tile or int per axis,
    broadcast together: the result's shape; a lone tile for a 1-d ``x``): any offsets, not
    only whole tiles. ``padding_value`` where an index is outside ``x`` or ``mask`` is False."""
    return _indexing.gather(x, indices, mask=mask, padding_value=padding_value, latency=latency)


class unsafe:
    """Unchecked writes, allowed only in ``@tr.kernel(unsafe=True)``. The interpreter records
    every element each block writes and raises ``tr.RaceError`` when two blocks write one."""

    @staticmethod
    def store(target: Any, index: Any, tile: Tile[Any]) -> None:
        """Store ``tile`` into Mutable parameter ``target``'s whole tensor at tile-space
        ``index`` (element offset ``index * tile.shape``), clipped to the tensor."""
        _unsafe_ops.store(target, index, tile)

    @staticmethod
    def scatter(target: Any, indices: Any, value: Any, *, mask: Any = None) -> None:
        """Store ``value`` at element ``indices`` (as ``tl.gather``'s) of Mutable parameter
        ``target``'s whole tensor; nothing where an index is outside it or ``mask`` is
        False."""
        _indexing.scatter(target, indices, value, mask=mask)

    @staticmethod
    def atomic_add(
        target: Any, indices: Any, update: Any, *, order: str = "acq_rel", scope: str = "device"
    ) -> Tile[Any]:
        """Atomically add ``update`` at element ``indices`` of ``target``'s tensor (as
        cuTile's ``atomic_add``); the old values come back. ``order`` ("acq_rel", "relaxed",
        "acquire", "release") and ``scope`` ("device", "block", "sys") are cuTile's memory
        order and scope, as string literals; they matter only on the GPU (the interpreter runs
        one block at a time). Every atomic takes them."""
        return _indexing.ATOMIC_ADD(target, indices, update, order=order, scope=scope)  # type: ignore[no-any-return]

    @staticmethod
    def atomic_max(
        target: Any, indices: Any, update: Any, *, order: str = "acq_rel", scope: str = "device"
    ) -> Tile[Any]:
        """Atomic maximum, as ``atomic_add``."""
        return _indexing.ATOMIC_MAX(target, indices, update, order=order, scope=scope)  # type: ignore[no-any-return]

    @staticmethod
    def atomic_min(
        target: Any, indices: Any, update: Any, *, order: str = "acq_rel", scope: str = "device"
    ) -> Tile[Any]:
        """Atomic minimum, as ``atomic_add``."""
        return _indexing.ATOMIC_MIN(target, indices, update, order=order, scope=scope)  # type: ignore[no-any-return]

    @staticmethod
    def atomic_and(
        target: Any, indices: Any, update: Any, *, order: str = "acq_rel", scope: str = "device"
    ) -> Tile[Any]:
        """Atomic bitwise and (integer tensors), as ``atomic_add``."""
        return _indexing.ATOMIC_AND(target, indices, update, order=order, scope=scope)  # type: ignore[no-any-return]

    @staticmethod
    def atomic_or(
        target: Any, indices: Any, update: Any, *, order: str = "acq_rel", scope: str = "device"
    ) -> Tile[Any]:
        """Atomic bitwise or (integer tensors), as ``atomic_add``."""
        return _indexing.ATOMIC_OR(target, indices, update, order=order, scope=scope)  # type: ignore[no-any-return]

    @staticmethod
    def atomic_xor(
        target: Any, indices: Any, update: Any, *, order: str = "acq_rel", scope: str = "device"
    ) -> Tile[Any]:
        """Atomic bitwise xor (integer tensors), as ``atomic_add``."""
        return _indexing.ATOMIC_XOR(target, indices, update, order=order, scope=scope)  # type: ignore[no-any-return]

    @staticmethod
    def atomic_xchg(
        target: Any, indices: Any, update: Any, *, order: str = "acq_rel", scope: str = "device"
    ) -> Tile[Any]:
        """Atomically store ``update``; the old values come back."""
        return _indexing.ATOMIC_XCHG(target, indices, update, order=order, scope=scope)  # type: ignore[no-any-return]

    @staticmethod
    def atomic_cas(
        target: Any,
        indices: Any,
        expected: Any,
        desired: Any,
        *,
        order: str = "acq_rel",
        scope: str = "device",
    ) -> Tile[Any]:
        """Where an element equals ``expected`` store ``desired``; the old values come back."""
        return _indexing.atomic_cas(target, indices, expected, desired, order=order, scope=scope)
