"""Slices counted from the end of an axis whose length is not known: ``x[:-1]``, ``x[-64:]``,
``x[1:-1]``. Without the length, such a part still lies apart from another where one ends at or
before the other starts for every length: ``x[:-64]`` and ``x[-64:]`` (the two sides of
``len - 64``), ``x[:-8]`` and ``x[-4:]``, ``x[:4]`` and ``x[4:-1]``. Whether ``x[1:]`` and
``x[:-1]`` meet depends on the length (they do from 3 elements on): never claimed here (the
length, where a factory gives it, turns both into plain spans: ``Views._from_end``).

A bound is read as Python reads it: ``k >= 0`` is the index ``min(k, len)``, ``-k`` is
``max(len - k, 0)``, an open start 0 and an open stop ``len`` (``-0``)."""

from __future__ import annotations

from tilecheck.frozen import frozen


@frozen
class Ends:
    """A slice of step 1 whose constant bounds (None: open) count from the end where
    negative; at least one does."""

    start: int | None
    stop: int | None


# A bound as (counted from the end, offset): the index ``offset`` or ``len - offset``.
Bound = tuple[bool, int]
# A slice's bounds as Python reads them (None: open).
Pair = tuple[int | None, int | None]


def ends_of(start: int | None, stop: int | None) -> Ends | None:
    """The part ``x[start:stop]`` of step 1, where a bound counts from the end."""
    if (start is None or start >= 0) and (stop is None or stop >= 0):
        return None
    return Ends(start, stop)


def parts_apart(first: Pair, second: Pair) -> bool:
    """Two slices of step 1 (Python's bounds: negative ones count from the end) share no index
    whatever the axis's length."""
    (a_start, a_stop), (b_start, b_stop) = (_bounds(*first), _bounds(*second))
    return _never_after(a_stop, b_start) or _never_after(b_stop, a_start)


def _bounds(start: int | None, stop: int | None) -> tuple[Bound, Bound]:
    lower = (False, 0) if start is None else (start < 0, abs(start))
    upper = (True, 0) if stop is None else (stop < 0, abs(stop))
    return lower, upper


def _never_after(stop: Bound, start: Bound) -> bool:
    """``stop <= start`` for every length (each index clamped to ``0 .. len``)."""
    (stop_end, stop_at), (start_end, start_at) = stop, start
    if stop_end == start_end:
        # ``min(c, len)`` and ``max(len - k, 0)`` both grow with their constant's order
        return stop_at <= start_at if not stop_end else stop_at >= start_at
    if not stop_end:  # a front stop ``c`` is before ``len - k`` for every length only at 0
        return stop_at == 0
    return False  # ``len - k`` is past any front start ``c`` once the axis is long
