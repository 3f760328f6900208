"""Write tracking for ``unsafe=True`` kernels: every element each block writes is recorded,
and a second block writing the same element is a RaceError naming both blocks, the parameter
and the element. Atomic adds from several blocks to one element are not a race; an atomic add
and a plain store from different blocks are."""

from __future__ import annotations

from typing import Any

import numpy as np

from tilert.errors import RaceError

IntArray = np.ndarray[Any, np.dtype[np.int64]]
NOBODY = -1
MANY = -2  # several blocks added atomically


class RaceTracker:
    """Per tensor parameter: which block stored each element, and which added to it."""

    def __init__(self, kernel_name: str, grid: tuple[int, ...]) -> None:
        self._kernel = kernel_name
        self._grid = grid
        self._stores: dict[str, IntArray] = {}
        self._atomics: dict[str, IntArray] = {}

    def _owners(self, table: dict[str, IntArray], name: str, size: int) -> IntArray:
        owners = table.get(name)
        if owners is None:
            owners = np.full(size, NOBODY, dtype=np.int64)
            table[name] = owners
        return owners

    def record(
        self,
        name: str,
        shape: tuple[int, ...],
        flat: IntArray,
        blocks: IntArray,
        *,
        atomic: bool,
    ) -> None:
        """Record writes of ``flat`` (element indices) by ``blocks`` (one linear block id per
        element); raise RaceError at the first element that already has another writer."""
        size = int(np.prod(shape))
        stores = self._owners(self._stores, name, size)
        atomics = self._owners(self._atomics, name, size)
        order = np.argsort(flat, kind="stable")
        sorted_flat, sorted_blocks = flat[order], blocks[order]
        shared = (sorted_flat[1:] == sorted_flat[:-1]) & (sorted_blocks[1:] != sorted_blocks[:-1])
        if not atomic and shared.any():
            i = int(np.flatnonzero(shared)[0])
            self._race(
                name, shape, int(sorted_flat[i]), int(sorted_blocks[i]), int(sorted_blocks[i + 1])
            )
        self._check(name, shape, flat, blocks, stores[flat])
        if not atomic:
            self._check(name, shape, flat, blocks, atomics[flat])
            stores[flat] = blocks
            return
        previous = atomics[flat]
        atomics[flat] = np.where((previous == NOBODY) | (previous == blocks), blocks, MANY)
        atomics[sorted_flat[1:][shared]] = MANY

    def _check(
        self,
        name: str,
        shape: tuple[int, ...],
        flat: IntArray,
        blocks: IntArray,
        previous: IntArray,
    ) -> None:
        clash = (previous != NOBODY) & (previous != blocks)
        if clash.any():
            i = int(np.flatnonzero(clash)[0])
            self._race(name, shape, int(flat[i]), int(previous[i]), int(blocks[i]))

    def _label(self, block: int) -> str:
        if block == MANY:
            return "several blocks (through tl.unsafe atomics)"
        coords = tuple(int(c) for c in np.unravel_index(block, self._grid))
        return f"block {coords}"

    def _race(self, name: str, shape: tuple[int, ...], flat: int, first: int, second: int) -> None:
        element = tuple(int(c) for c in np.unravel_index(flat, shape))
        raise RaceError(
            f"kernel `{self._kernel}`: data race on `{name}`: {self._label(first)} and "
            f"{self._label(second)} both write element {element}; in an unsafe kernel every "
            "element may have only one writing block per launch (accumulate with "
            "tl.unsafe.atomic_add(z, indices, values))"
        )
