"""The lowering's inputs and outputs that callers see: what the generated code depends on for
each Mutable parameter, and the generated source with its map back to the user's lines."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True)
class MutableSpec:
    """What the generated code depends on for one Mutable parameter."""

    rank: int
    mapped: bool = False


@dataclass(frozen=True)
class Coercion:
    """How a binding that cuTile found to change type across a loop or branch is converted
    right after it is made (``tilert/cutile/coercions.py``): to the ct dtype ``dtype``, then,
    for a scalar that the other path made a tile, broadcast to that tile's ``shape``."""

    dtype: str
    shape: tuple[int, ...] | None = None


@dataclass(frozen=True)
class Lowered:
    """Generated source plus what the launcher and the error mapper need."""

    source: str
    entry: str  # name of the ct.kernel in the generated module
    path: str  # the user's file
    line_map: Mapping[int, int]  # generated line -> user line
    helpers: tuple[str, ...] = ()
    coercions: Mapping[tuple[str, int], Coercion] = field(default_factory=dict)

    def user_line(self, generated_line: int) -> int | None:
        """The user's line for a generated line (the nearest mapped line at or above it)."""
        known = [g for g in self.line_map if g <= generated_line]
        return self.line_map[max(known)] if known else None


def tile_params(name: str, rank: int) -> list[str]:
    """The ``ct.Constant[int]`` parameters that carry Mutable ``name``'s tile shape."""
    return [f"{name}__t{i}" for i in range(rank)]
