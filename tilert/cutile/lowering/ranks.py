"""The rank a kernel body implies for a Mutable parameter when the caller names none (as
``Kernel.lower()`` with no tile shapes does): the generated signature needs one tile-shape
constant per dimension."""

from __future__ import annotations

import ast


def guess_rank(fdef: ast.FunctionDef, name: str) -> int:
    """The rank a body implies for Mutable ``name`` (``i, j = name.index``,
    ``name.tile_shape[1]``), else 1."""
    rank = 1
    for node in ast.walk(fdef):
        if (
            isinstance(node, ast.Subscript)
            and isinstance(node.value, ast.Attribute)
            and isinstance(node.value.value, ast.Name)
            and node.value.value.id == name
            and node.value.attr in ("index", "tile_shape")
            and isinstance(node.slice, ast.Constant)
            and isinstance(node.slice.value, int)
        ):
            rank = max(rank, node.slice.value + 1)
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Attribute):
            v = node.value
            if (
                isinstance(v.value, ast.Name)
                and v.value.id == name
                and v.attr in ("index", "tile_shape")
                and isinstance(node.targets[0], ast.Tuple)
            ):
                return len(node.targets[0].elts)
    return rank
