"""``tl.reduce`` and ``tl.scan`` with the user's combining function, re-exported by
``tilert.lang``."""

from __future__ import annotations

from typing import Any

from tilert.interpret import combine as _combine


def reduce(x: Any, axis: int, func: Any, identity: Any, *, keepdims: bool = False) -> Any:
    """``x`` (a tile, or a tuple of tiles reduced together) reduced along ``axis`` by
    ``func``: a lambda or ``@tr.function`` taking two tiles (2N for N) and returning one (N),
    elementwise, associative and commutative; ``identity`` its neutral constant (one per
    tile)."""
    return _combine.reduce(x, axis, func, identity, keepdims=keepdims)


def scan(x: Any, axis: int, func: Any, identity: Any, *, reverse: bool = False) -> Any:
    """The inclusive running ``func`` of ``x`` along ``axis`` (as ``reduce``; from the end
    with ``reverse``)."""
    return _combine.scan(x, axis, func, identity, reverse=reverse)
