"""Persistent (mapped) launches: ``blocks`` blocks share a partition's tiles. The tiles are
put in a hand-out order (row-major, or grouped over the first two axes as in Triton's GEMM
tutorial); block ``b`` owns the tiles at positions b, b + blocks, b + 2 * blocks, ..."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

IntArray = np.ndarray[Any, np.dtype[np.int64]]


def tile_order(grid: tuple[int, ...], kind: str, group: int = 1) -> IntArray:
    """Coordinates (num_tiles, rank) of the tiles in hand-out order."""
    n = int(np.prod(grid))
    position = np.arange(n, dtype=np.int64)
    if kind == "row-major" or len(grid) < 2:
        return np.stack(np.unravel_index(position, grid), axis=1).astype(np.int64)
    if kind != "grouped":
        raise ValueError(f"unknown tile order {kind!r} (expected 'row-major' or 'grouped')")
    inner = int(np.prod(grid[2:]))  # axes after the first two stay row-major, innermost
    outer, rest = position // inner, position % inner
    rows, cols = grid[0], grid[1]
    per_group = group * cols
    first_row = (outer // per_group) * group
    group_rows = np.minimum(rows - first_row, group)
    row = first_row + (outer % per_group) % group_rows
    col = (outer % per_group) // group_rows
    columns = [row, col]
    if len(grid) > 2:
        columns += list(np.unravel_index(rest, grid[2:]))
    return np.stack(columns, axis=1).astype(np.int64)


@dataclass(frozen=True)
class MappedTiles:
    """Which tiles each block of a mapped launch owns."""

    grid: tuple[int, ...]
    blocks: int
    order: IntArray  # (num_tiles, rank)
    owner: IntArray  # grid-shaped: the block owning each tile

    @classmethod
    def build(cls, grid: tuple[int, ...], blocks: int, kind: str, group: int) -> MappedTiles:
        order = tile_order(grid, kind, group)
        owner = np.empty(grid, dtype=np.int64)
        owner[tuple(order.T)] = np.arange(len(order), dtype=np.int64) % blocks
        return cls(grid, blocks, order, owner)

    def counts(self, blocks: IntArray) -> IntArray:
        """How many tiles each of ``blocks`` owns."""
        n = len(self.order)
        out: IntArray = np.maximum(0, -(-(n - blocks) // self.blocks))
        return out

    def step(self, blocks: IntArray, k: int) -> list[IntArray]:
        """Per-axis coordinates of the k-th tile of each of ``blocks``."""
        picked = self.order[blocks + k * self.blocks]
        return [picked[:, axis] for axis in range(picked.shape[1])]

    def owned(self, coords: list[IntArray], blocks: IntArray) -> bool:
        """Whether every block owns the tile at its coordinates."""
        for c, n in zip(coords, self.grid, strict=True):
            if int(np.min(c)) < 0 or int(np.max(c)) >= n:
                return False
        return bool((self.owner[tuple(coords)] == blocks).all())
