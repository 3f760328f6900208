"""The ``@ct.function`` helpers a mapped partition's ``tiles()`` loop calls to turn a flat tile
counter into tile coordinates (rank 1 to 3, grouped along rows for rank 2 and up). Emitted once
at the top of a module whose kernel has a mapped Mutable; the emitter names
``_tilert_tile_coords_<rank>``."""

from __future__ import annotations

TILE_COORDS = """
@ct.function
def _tilert_tile_coords_1(k, grid, group):
    return (k,)


@ct.function
def _tilert_tile_coords_2(k, grid, group):
    rows = grid[0]
    cols = grid[1]
    if group == 0:
        row = k // cols
        col = k % cols
    else:
        per_group = group * cols
        first_row = (k // per_group) * group
        group_rows = ct.minimum(rows - first_row, group)
        row = first_row + (k % per_group) % group_rows
        col = (k % per_group) // group_rows
    return (row, col)


@ct.function
def _tilert_tile_coords_3(k, grid, group):
    inner = grid[2]
    outer = k // inner
    ij = _tilert_tile_coords_2(outer, (grid[0], grid[1]), group)
    return (ij[0], ij[1], k % inner)
"""
