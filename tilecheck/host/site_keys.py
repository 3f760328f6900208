"""The key an object made at a site is known by (round 37A of issue 17).

``Frame.fresh`` keys what a site makes by the site, and, inside a comprehension or a loop's
slot taken apart position by position (``tilecheck.host.positions``, ``flow.unroll``), by the
site and those positions, so that each slot's object is its own. Whatever asks afterwards for
"the object this site made here" (the graph of ``with tr.graph() as g:`` the current element is
captured into) must ask by the same key, or it names the first slot's object in every slot."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TypeVar

K = TypeVar("K")


def site_key(site: object, positions: Sequence[int]) -> object:
    """``site`` as ``Frame.obj`` keys it where ``positions`` are being followed one by one."""
    return (site, tuple(positions)) if positions else site


def enclosing_key(
    made: Mapping[tuple[K, object], int], kind: K, site: object, positions: Sequence[int]
) -> object:
    """The key of the object ``site`` made around the current element (a ``with`` item's): the
    element that made it followed a prefix of ``positions`` (none, where it is outside every
    slot followed), the longest one under which the site made an object of ``kind``."""
    for count in range(len(positions), 0, -1):
        key = (site, tuple(positions[:count]))
        if (kind, key) in made:
            return key
    return site
