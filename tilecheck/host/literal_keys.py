"""A dict of holders waited over a literal subset of its keys: ``for k in ("a", "b"):
pend[k].wait()`` where ``pend`` was stored by the keys of ``bufs`` (``for k, t in
bufs.items(): pend[k] = ...``, ``tilecheck.host.rows``) or is a dict comprehension lined up
with them (``tilecheck.host.lanes``). Each step takes the holder at its own key, so when the
loop completes only the items under the other keys may still be in flight: ``bufs["c"]`` is
read while its Pending is, ``bufs["a"]`` is not.

Only a ``for`` over a display of different string or integer constants whose body neither
rebinds the name nor breaks out of the loop; anything else waits "any of the items" as before
(which counts for all of them)."""

from __future__ import annotations

import dataclasses
from typing import cast

import libcst as cst

from tilecheck.host.indices import Axis, Others, Select
from tilecheck.host.loop_columns import keyed_rows
from tilecheck.host.model import LIVE, Borrow, Hold, Many, Value
from tilecheck.host.rows import Rows
from tilecheck.syntax import exact
from tilecheck.syntax.constants import string_value
from tilecheck.syntax.nodes import path_of
from tilecheck.syntax.walk import own_nodes


class LiteralKeys(Rows):
    __slots__ = ("_literal", "_subset")

    def __init__(self, ctx: object) -> None:
        Rows.__init__(self, ctx)
        # a loop's name -> the loop and the constant keys it walks
        self._literal: dict[str, tuple[cst.For, frozenset[int | str]]] = {}
        # a loop -> the keys it walks and the container its holders were taken from
        self._subset: dict[int, tuple[frozenset[int | str], Many]] = {}

    def iterate(self, loop: cst.For, fallback: Value) -> None:
        Rows.iterate(self, loop, fallback)
        walked = _walked_keys(loop.target, loop.iter)
        if walked and not _breaks(loop.body):
            rebound = self.rebinds(loop)
            for name, keys in walked:
                if name not in rebound:
                    self._literal[name] = (loop, keys)

    def subscript(self, expr: cst.Subscript) -> Value:
        """``parts[k]`` of a dict whose every item is kept by a constant string key (a
        display) and a loop over some of its keys: the step's item, one of those under the
        keys walked (a different one each step), so the loop's end concludes for those only."""
        only = expr.slice[0].slice if len(expr.slice) == 1 else None
        index = only.value if isinstance(only, cst.Index) else None
        walk = self._literal.get(index.value) if isinstance(index, cst.Name) else None
        path = path_of(expr.value)
        if walk is None or path is None or f"{path}[=]" in self.env:
            return Rows.subscript(self, expr)
        held = self.stored(path)
        items = self.constant_items(path, held.contents) if isinstance(held, Many) else None
        chosen = [items.get(f"{path}[{k!r}]") for k in walk[1]] if items is not None else [None]
        if any(c is None or isinstance(k, int) for c, k in zip(chosen, walk[1], strict=False)):
            return Rows.subscript(self, expr)
        assert isinstance(index, cst.Name)
        self.ev(expr.value)
        taken = Many(frozenset().union(*(c for c in chosen if c is not None)), path, True)
        return self.materialize(walk[0], taken, index.value)

    def element_of(self, base: Many, index: cst.BaseExpression, axis: Axis | None) -> Value:
        walk = self._literal.get(index.value) if isinstance(index, cst.Name) else None
        if walk is None or base.path is None:
            return Rows.element_of(self, base, index, axis)
        loop, keys = walk
        assert isinstance(index, cst.Name)
        if self._by_keys(base):
            self._subset[id(loop)] = (keys, base)
        elif id(loop) not in self._subset or base.path not in self._sources(
            self._subset[id(loop)][1]
        ):
            return Rows.element_of(self, base, index, axis)
        # the step's item (``bufs[k]`` is the item ``pend[k]`` borrows)
        return self.materialize(loop, base, index.value, distinct=base.distinct)

    def _sources(self, base: Many) -> set[str]:
        """The containers whose items ``base``'s holders stand for, key by key."""
        assert base.path is not None
        found = set(self._keyed(base.path, "key"))
        if base.lane in self._lanes:
            found.add(self._lanes[base.lane][0])
        return found

    def _by_keys(self, base: Many) -> bool:
        """``base``'s holders stand for the items of another container, key by key."""
        assert base.path is not None
        return bool(self._keyed(base.path, "key")) or base.lane in self._lanes

    def loop_done(self, loop: cst.For) -> None:
        """The items under the keys the loop did not walk stay as they were."""
        for name in [n for n, (walked, _) in self._literal.items() if walked is loop]:
            del self._literal[name]
        subset = self._subset.pop(id(loop), None)
        before = {
            element: self.holds.get(element)
            for element in self._elements.get(id(loop), {}).values()
        }
        Rows.loop_done(self, loop)
        if subset is None:
            return
        keys, base = subset
        for element, hold in before.items():
            now = self.holds.get(element)
            if hold is None or not hold.live or now is None or now.live:
                continue
            rest = self._rest(hold, keys, base)
            if rest is not None:
                self.set_hold(element, rest)

    def _rest(self, hold: Hold, keys: frozenset[int | str], base: Many) -> Hold | None:
        """``hold`` borrowing only the items not under ``keys``; None when it borrows other
        tensors than the items (then the loop's waits count for all, as before)."""
        if base.lane is not None and self.lined_up(hold, base.lane):
            moved = self.moved(hold, base.lane, self.others(base.lane, set(keys)))
            return dataclasses.replace(moved, status=LIVE)
        assert base.path is not None
        sources = self._keyed(base.path, "key")
        if len(sources) != 1:
            return None
        (source,) = sources
        items = self._items(source)
        if not items or not all(
            b.tensor in items or self.infos[b.tensor].parents <= items for b in hold.borrows
        ):
            return None
        left = self.selection(
            ("keys left", source, keys, items),
            f"a tensor of `{source}`",
            items,
            (Select(items, source, (Others(keys),)),),
        )
        exclusive = any(b.exclusive for b in hold.borrows)
        borrows: frozenset[Borrow] = frozenset({Borrow(left, exclusive)})
        return dataclasses.replace(hold, status=LIVE, borrows=borrows, cover=None)


def _walked_keys(
    target: cst.BaseExpression, walked: cst.BaseExpression
) -> list[tuple[str, frozenset[int | str]]]:
    """The names of a loop's target that take a different constant key each step, with the
    keys: ``k`` of ``for k in ("a", "b")`` and of ``for k, d in (("a", 1.0), ("b", 2.0))``."""
    if isinstance(target, cst.Name):
        keys = _constant_keys(walked)
        return [(target.value, keys)] if keys is not None else []
    if not isinstance(target, (cst.Tuple, cst.List)) or keyed_rows(walked) is None:
        return []
    assert isinstance(walked, (cst.Tuple, cst.List))
    width = len(target.elements)
    rows = [cast(cst.Tuple, e.value).elements for e in walked.elements]
    if any(len(row) != width for row in rows):
        return []
    out = []
    for j, part in enumerate(target.elements):
        keys = _constant_keys(cst.Tuple([row[j] for row in rows]))
        if isinstance(part.value, cst.Name) and keys is not None:
            out.append((part.value.value, keys))
    return out


def _constant_keys(walked: cst.BaseExpression) -> frozenset[int | str] | None:
    """The keys of ``("a", "b")`` (or a list of them): different string or integer constants."""
    if not exact.is_sequence(walked) or not walked.elements:
        return None
    keys: list[int | str] = []
    for element in walked.elements:
        value = element.value
        if isinstance(element, cst.StarredElement):
            return None
        if isinstance(value, cst.SimpleString):
            text = string_value(value)
            if not isinstance(text, str):
                return None
            keys.append(text)
        elif isinstance(value, cst.Integer):
            keys.append(int(value.value, 0))
        else:
            return None
    return frozenset(keys) if len(set(keys)) == len(keys) else None


def _breaks(body: cst.CSTNode) -> bool:
    """A ``break`` (or ``return``, ``raise``) that may leave the loop before every key."""
    return any(isinstance(node, (cst.Break, cst.Return, cst.Raise)) for node in own_nodes(body))
