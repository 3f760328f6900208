"""The state maps' bookkeeping made cheaper (round 30S, issue 17): merges find the keys whose
value changed in C (``changed_keys``), copies clone a dict's table (``copied``), and binding a
name to the very set it holds writes nothing (no copy of the environment for it). These tests
pin that each gives what the plain loops gave."""

from __future__ import annotations

from types import MappingProxyType

from tilecheck.host.model import NOTHING, State, changed_keys, copied
from tilecheck.host.store import Store


def test_changed_keys_are_those_whose_value_is_not_the_same_object() -> None:
    shared, other = frozenset({1}), frozenset({1})  # equal, but another object
    before = {"a": shared, "b": shared, "c": frozenset({2})}
    after = {"a": shared, "b": other, "d": frozenset({3})}
    assert list(changed_keys(before, after)) == ["b", "d"]
    assert list(changed_keys(after, before)) == ["b", "c"]
    assert list(changed_keys(before, before)) == []


def test_copied_is_an_independent_dict_of_any_mapping() -> None:
    table = {n: n * 2 for n in range(100)}
    for n in range(0, 100, 3):
        del table[n]  # a table items were deleted from (a holders map's)
    for mapping in (table, MappingProxyType(table)):
        copy = copied(mapping)
        assert copy == dict(mapping) and copy is not mapping
        copy[1000] = 1
        assert 1000 not in mapping


def test_a_merge_keeps_what_both_share_and_joins_the_rest() -> None:
    shared = frozenset({1})
    left = State({"a": shared, "b": frozenset({2})}, {})
    right = State({"a": shared, "b": frozenset({3}), "c": frozenset({4})}, {})
    joined = left.join(right)
    assert joined.env == {"a": shared, "b": frozenset({2, 3}), "c": frozenset({4})}
    assert joined.env["a"] is shared
    assert left.join(State(dict(left.env), {})) is left  # nothing changed: itself


def test_binding_a_name_to_the_set_it_holds_copies_nothing() -> None:
    store = Store()
    held = frozenset({1})
    start = State({"a": held, "b": NOTHING}, {})
    store._load(start)
    store.set_env("a", held)
    store.set_env("b", NOTHING)
    store.set_env("c", None)  # unbinding an unbound name
    assert store.unchanged(start) and not store.gc_needed
    store.set_env("a", frozenset({1}))  # an equal set, but another object: written
    assert not store.unchanged(start) and store.env == start.env and store.gc_needed
