"""Fields of a record taken out of a container (round 36M of issue 17).

A list of dict records (``{"prompt": t, "slot": s}``) whose items are not known one by one
(``for req in waiting[:free]``, a list appended to in a loop, ``waiting[i]``) gives each step one
element standing for every tensor the records hold. A string key cannot index a tensor, so
``req["slot"]`` is a field of a record, not a view of the element: each key is an object of
its own, one of what the records hold and apart from the record's other keys. Without this,
``copy(req["slot"].partition(s), req["prompt"])`` read as two views of one tensor at unknown
places (a false TC101), and a read of the field an op writes hid behind it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from tilecheck.host.indices import At, Select
from tilecheck.host.model import Kind, ObjInfo, Oids


class _Taking(Protocol):
    @property
    def infos(self) -> Sequence[ObjInfo]: ...
    def selection(
        self,
        key: object,
        label: str,
        parents: Oids,
        selects: tuple[Select, ...],
        names: frozenset[str] = ...,
        kind: Kind = ...,
    ) -> int: ...


def record_field(an: _Taking, base: Oids, key: int | str, shown: str) -> Oids | None:
    """``shown`` (``req["slot"]``) of ``base``, the elements a container gave: the field
    ``key`` of the record they stand for; None where ``base`` is not only such elements."""
    records = frozenset(o for o in base if an.infos[o].kind is Kind.TENSOR and an.infos[o].parents)
    if not records or len(records) != len(base):
        return None
    select = Select(records, "record fields", (At(key),))
    return frozenset({an.selection(("field", records, key), f"`{shown}`", records, (select,))})
