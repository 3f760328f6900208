"""A factory's argument that is a container's item (round 41N of issue 17)::

    def make_emitter(t):
        def emit():
            print(t.to_numpy())
        return emit

    emit = make_emitter(outs[0])

binds the closure's cell ``t`` to the object ``outs[0]`` holds where the factory is called, as
``make_emitter(out)`` binds it to what ``out`` holds (``Closures.note_made_closure``): the
closure's reads are that object's. Only for an item whose value the analysis knows as one
object set (not a container whose items are not known one by one, ``Many``: the cell would be
any item, and a read through it is no certain read), read by a subscript of a name or an
attribute path with a constant or a name as the index (no call: reading it again runs nothing),
and only in a module whose classes define no dunder method that reading it could run
(``__getitem__``, ``__index__``, ``__hash__``); anything else gives the cell nothing, as before."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

import libcst as cst

from tilecheck.host.model import NOTHING, Oids, Value

_PATH = (cst.Name, cst.Attribute)


class Evaluating(Protocol):
    @property
    def env(self) -> Mapping[str, Value]: ...

    def ev(self, expr: cst.BaseExpression) -> Value: ...


def cell_of(an: Evaluating, value: cst.BaseExpression | None, dunders: object) -> Oids:
    """What the factory's cell given ``value`` holds (``dunders``: the module's classes'
    dunder methods: there must be none, as reading the item again would run them)."""
    if type(value) is cst.Name:
        held = an.env.get(value.value, NOTHING)
        return held if isinstance(held, frozenset) else NOTHING
    if type(value) is not cst.Subscript or not _plain(value) or dunders:
        return NOTHING  # (a class's ``__getitem__``, ``__index__`` or ``__hash__`` would run)
    found = an.ev(value)
    return found if isinstance(found, frozenset) else NOTHING


def _plain(item: cst.Subscript) -> bool:
    """``outs[0]``, ``bufs["a"]``, ``self.outs[i]``: a path indexed by a constant or a name."""
    base = item.value
    while type(base) is cst.Attribute:
        base = base.value
    if type(base) is not cst.Name or len(item.slice) != 1:
        return False
    index = item.slice[0].slice
    if type(index) is not cst.Index:
        return False
    key = index.value
    if type(key) is cst.UnaryOperation:
        key = key.expression
    return type(key) in (cst.Name, cst.Integer, cst.SimpleString)


class Named(Protocol):
    uses: dict[str, list[tuple[cst.Name, cst.CSTNode]]]
    parent_of: dict[int, cst.CSTNode]

    def once(self, name: str) -> bool: ...


def stable_item(names: Named, item: cst.Subscript) -> bool:
    """``outs[0]`` of a module name bound once whose every other use reads an item (never
    stores, deletes or changes one, nor hands the container on): the same object wherever
    it is read."""
    base = item.value
    if type(base) is not cst.Name or not names.once(base.value) or len(item.slice) != 1:
        return False
    index = item.slice[0].slice
    if type(index) is not cst.Index or type(index.value) not in (cst.Integer, cst.SimpleString):
        return False
    for use, parent in names.uses.get(base.value, ()):
        if type(parent) is cst.AssignTarget:
            continue  # its one binding
        if type(parent) is not cst.Subscript or parent.value is not use:
            return False
        if type(names.parent_of.get(id(parent))) in _CHANGING:
            return False
    return True


_CHANGING = (cst.AssignTarget, cst.Del, cst.AugAssign)
