"""``tilecheck.frozen``: the checker's records are ``@dataclass(frozen=True)`` to the type
checker and plain dataclasses at run time (round 29S, issue 17: a frozen dataclass makes each
instance through ``object.__setattr__``, one call a field). These tests keep what callers see
the same as ``frozen=True`` gave: equality and hashing by the fields, an explicit ``__hash__``
kept, ordering for ``frozen_ordered``, ``dataclasses.replace`` and ``fields``."""

from __future__ import annotations

import dataclasses

from tilecheck.frozen import frozen, frozen_ordered
from tilecheck.host.model import Hold, ObjInfo


@frozen
class _Point:
    x: int
    y: tuple[int, ...] = ()


@dataclasses.dataclass(frozen=True)
class _Frozen:
    x: int
    y: tuple[int, ...] = ()


@frozen
class _Keyed:
    key: str
    note: str = ""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Keyed) and other.key == self.key

    def __hash__(self) -> int:
        return hash(self.key)


@frozen_ordered
class _Ranked:
    rank: int
    name: str


def test_equality_and_hash_are_those_of_frozen_dataclasses() -> None:
    a, b = _Point(1, (2,)), _Point(1, (2,))
    assert a == b and hash(a) == hash(b) and a != _Point(2)
    assert hash(a) == hash(_Frozen(1, (2,)))  # the same field-wise hash
    assert len({a, b, _Point(1)}) == 2


def test_an_explicit_hash_and_eq_are_kept() -> None:
    assert _Keyed("k", "one") == _Keyed("k", "two")
    assert hash(_Keyed("k", "one")) == hash("k")


def test_ordered_records_sort_by_their_fields() -> None:
    assert sorted([_Ranked(2, "a"), _Ranked(1, "b")]) == [_Ranked(1, "b"), _Ranked(2, "a")]


def test_replace_and_fields_work() -> None:
    moved = dataclasses.replace(_Point(1), y=(3,))
    assert moved == _Point(1, (3,))
    assert [f.name for f in dataclasses.fields(_Point)] == ["x", "y"]


def test_the_hot_records_are_plain_dataclasses_with_field_hashes() -> None:
    for cls in (Hold, ObjInfo):
        params = vars(cls)["__dataclass_params__"]
        assert not params.frozen and params.eq and params.unsafe_hash
