"""A row taken out of a container of known rows (round 37E): ``slot, p = inflight.popleft()``,
``inflight.pop(rid)`` or ``inflight.pop()`` of a list, deque or dict whose every item came in as
a tuple of one width (``inflight.append((slot, k(...).submit()))``, ``inflight[rid] = (slot,
pending)``: ``tilecheck.host.rows``' markers) is one of those tuples: each name of the target
takes what its column may hold, as ``for slot, p in inflight`` does, not any item of any column
(which left the Pending "stored, not followed", TC905). Only where the rows are known (one
width, no row stored otherwise, no two items one object) and the item taken is among them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

import libcst as cst

from tilecheck.host.model import NOTHING, Many, Oids, Packed, Value, flatten
from tilecheck.syntax.nodes import path_of


class Rows(Protocol):
    """What is used of ``tilecheck.host.rows.Rows`` (imports go one way)."""

    @property
    def env(self) -> Mapping[str, Oids]: ...


_TAKES = frozenset({"pop", "popleft"})
_WIDEST = 8


def popped_row(an: Rows, func: cst.Attribute, taken: Value) -> Value | None:
    """The columns of the row ``func``'s call took (``taken``: what it may be), or None."""
    if func.attr.value not in _TAKES or not isinstance(taken, (Many, frozenset)):
        return None
    path = path_of(func.value)
    env = an.env
    if path is None or f"{path}[%!]" in env or f"{path}[=]" in env:
        return None
    widths = [w for w in range(1, _WIDEST + 1) if f"{path}[%{w}]" in env]
    if len(widths) != 1 or widths[0] < 2:
        return None
    held = flatten(taken)
    columns: list[Oids] = [env.get(f"{path}[*%{k}]", NOTHING) for k in range(widths[0])]
    if not held or not held <= frozenset().union(*columns):
        return None
    return Packed(tuple(column & held for column in columns))
