"""Which Pending a slot of a local list of fixed length holds (``tilecheck.host.fixed_length``:
bound once to a display of ``n`` items, its length never changed). Double buffering keeps a
Pending per slot, ``pends[i % 2] = k(bufs[i % 2]...).submit()``, and waits the slot it is
about to reuse, ``w = pends[i % 2]; if w is not None: w.wait()``. The container's ``[*]`` entry
says only that any of its Pendings may be read there, so the wait settles nothing for certain
(the path where ``w`` is None keeps every earlier Pending live, a false conflict two turns
later) and a wait of the slot just stored (``pends[cur]`` after ``pends[cur] = ...``) counts for
the Pendings of the other slots too (a missed read of the other slot).

A Pending stored by an index this module can name (a constant, or an affine form of a counter
modulo ``n``, ``tilecheck.host.indices``) keeps the must-fact ``Hold.slot``: on every path
where it is live, the list holds it at that index. The form is the counter's (``cur = i % 2``
stores at ``i % 2``) and moves on as the counter advances (the last turn's ``i % 2`` is ``(i -
1) % 2`` now), as the elements of ``tilecheck.host.counters`` do. A store at an index that may
be the fact's (or one not named) ends the fact; rebinding the list or the counter (but by an
advance) ends it too. Then:

* reading ``pends[f]`` leaves out the Pendings whose slot is certainly another index (live,
  they are not there; settled, reading them changes nothing), and where a Pending live on
  every path is certainly at ``f``, the read is that Pending alone;
* ``w = pends[f]`` keeps ``f`` beside ``w`` (a ``defs`` entry ``w[@pends]``, dropped when ``w``
  is rebound, the list stored to, or the counter rebound but by an advance): where ``w is None``
  holds, the slot held nothing, so a Pending certainly kept there is not live on that path.

Only Pendings get the fact, only in a list whose every use the length check accepts (indexed,
walked, read by builtins), so no other name or call reaches its slots."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import libcst as cst

from tilecheck.host import gaps
from tilecheck.host.fixed_length import fixed_length
from tilecheck.host.indices import Affine, At, Axis, Bounds, axis_of
from tilecheck.host.model import DONE, Hold, Kind, Many, Oids, Value, flatten
from tilecheck.host.zipped_items import ZippedItems
from tilecheck.syntax.walk import descendants, own_nodes

_SCOPES = (cst.FunctionDef, cst.ClassDef, cst.Lambda)


class SlotFacts(ZippedItems):
    __slots__ = ("_holder_keys", "_slot_lengths", "_slot_names", "_slot_reads")

    module_node: cst.Module | None  # the module, when this is its body

    def __init__(self, ctx: object) -> None:
        ZippedItems.__init__(self, ctx)
        self._slot_lengths: dict[str, int | None] = {}  # a list's name -> its fixed length
        self._slot_names: set[str] = set()  # lists and counters some fact names
        # a list -> the ``defs`` keys made of it: ``w[@list]`` (``w`` read from a slot) and
        # ``list[@oid]`` (a slot holds that Pending)
        self._slot_reads: dict[str, set[str]] = {}
        self._holder_keys: dict[int, set[str]] = {}  # a Pending -> its ``list[@oid]`` keys

    # -- the list and the index ---------------------------------------------------------------
    def _slot_list(self, expr: cst.BaseExpression) -> tuple[str, int] | None:
        """``pends`` of ``pends[...]``: a local list of fixed length, and its length."""
        if type(expr) is not cst.Name:
            return None
        name = expr.value
        if name not in self._slot_lengths:
            scope = getattr(self, "scope_node", None) or self.module_node
            n = None
            if scope is not None and self.local_container(name + "[*]"):
                n = fixed_length(scope, name, self.ctx.constants)
                if n is not None and _stored_elsewhere(scope, name):
                    n = None  # a nested function stores into it: not where this body sees
            self._slot_lengths[name] = n
        n = self._slot_lengths[name]
        return None if n is None else (name, n)

    def _slot_index(self, target: cst.Subscript, n: int) -> At | Affine | None:
        """The index ``target`` names: a constant in ``0..n - 1``, or a form of a counter
        whose values lie there (modulo ``n``), in terms of the counter; None otherwise."""
        if len(target.slice) != 1 or type(target.slice[0].slice) is not cst.Index:
            return None
        index = cst.ensure_type(target.slice[0].slice, cst.Index).value
        return self._slot_axis(axis_of(index, self.ctx.constants), n)

    def _slot_axis(self, axis: Axis | None, n: int) -> At | Affine | None:
        if isinstance(axis, At):
            key = axis.key
            return At(key % n) if isinstance(key, int) and -n <= key < n else None
        if not isinstance(axis, Affine):
            return None
        form = self.resolved(axis)[0]
        if not isinstance(form, Affine) or form.mod != n or form.hi != form.lo:
            return None
        if form.width is not None or form.edge is not None or form.beside is not None:
            return None
        return dataclasses.replace(form, least=None, most=None, stride=0)

    # -- stores ---------------------------------------------------------------------------------
    def bind(self, target: cst.BaseExpression, value: Value) -> None:
        if type(target) is not cst.Subscript:
            ZippedItems.bind(self, target, value)
            return
        found = self._slot_list(cst.ensure_type(target, cst.Subscript).value)
        if found is None:
            ZippedItems.bind(self, target, value)
            return
        name, n = found
        form = self._slot_index(cst.ensure_type(target, cst.Subscript), n)
        ZippedItems.bind(self, target, value)
        self._forget_reads(name, form, n)
        self._overwritten_slot(name, form, n)
        if form is None:
            return
        stored = [o for o in flatten(value) if self.infos[o].kind is Kind.PENDING]
        for oid in stored:
            hold = self.holds.get(oid)
            if hold is not None and hold.live:
                self.set_hold(oid, dataclasses.replace(hold, slot=(name, form)))
                self._slot_names.add(name)
                if isinstance(form, Affine):
                    self._slot_names.add(form.name)
        if len(stored) == 1 and flatten(value) == frozenset(stored):
            self._keep_key(name, f"{name}[@{stored[0]}]", form)  # the slot holds it: a must-fact
            self._holder_keys.setdefault(stored[0], set()).add(f"{name}[@{stored[0]}]")

    def _overwritten_slot(self, name: str, form: Axis | None, n: int) -> None:
        """``name[form]`` is stored to: a Pending kept at that index (or perhaps at it) is no
        longer known to be in the list."""
        if name not in self._slot_names:
            return
        for oid in self.live_holders():
            hold = self.holds[oid]
            if hold.slot is not None and hold.slot[0] == name:
                if form is None or slot_relation(hold.slot[1], form, n) != "apart":
                    self.set_hold(oid, dataclasses.replace(hold, slot=None))

    def _drop_slots(self, test: Callable[[tuple[str, Axis]], bool]) -> None:
        """End the facts ``test`` accepts (a list or a counter rebound)."""
        for oid in self.live_holders():
            hold = self.holds[oid]
            if hold.slot is not None and test(hold.slot):
                self.set_hold(oid, dataclasses.replace(hold, slot=None))

    def _forget_reads(self, name: str, form: Axis | None = None, n: int = 0) -> None:
        """``name`` is stored to at ``form`` (None: anywhere, or rebound): what was read from
        a slot that may be that one, and what such a slot was known to hold, is not known."""
        for key in self._slot_reads.get(name, ()):
            known = self.defs.get(key)
            if known is not None and (form is None or slot_relation(known, form, n) != "apart"):
                self.set_def(key, None)

    def _keep_key(self, name: str, key: str, form: At | Affine) -> None:
        self.set_def(key, form)
        self._slot_reads.setdefault(name, set()).add(key)
        if isinstance(form, Affine):
            self._def_refs.setdefault(form.name, set()).add(key)
            self._slot_names.add(form.name)

    def retire(self, oid: int) -> None:
        """``oid`` stands for a new object: no slot is known to hold that one."""
        if gaps.RECORDING:  # (``--show-gaps``: a live object joined with its successor)
            gaps.joined(self, oid)
        for key in self._holder_keys.get(oid, ()):
            if key in self.defs:
                self.set_def(key, None)
        ZippedItems.retire(self, oid)

    # -- reads ----------------------------------------------------------------------------------
    def holders_at(self, base: Many, axis: Axis | None) -> Oids:
        holders = ZippedItems.holders_at(self, base, axis)
        path = base.path
        if not holders or path is None or path not in self._slot_names:
            return holders
        n = self._slot_lengths.get(path)
        form = self._slot_axis(axis, n) if n is not None else None
        if form is None or n is None:
            return holders
        for oid in holders:
            known = self.defs.get(f"{path}[@{oid}]")
            if known is not None and slot_relation(known, form, n) == "same":
                return frozenset({oid})  # the one Pending this index holds, on every path
        out: set[int] = set()
        for oid in holders:
            hold = self.holds.get(oid)
            slot = hold.slot if hold is not None else None
            if hold is None or slot is None or slot[0] != path:
                out.add(oid)
                continue
            if slot_relation(slot[1], form, n) != "apart":
                out.add(oid)
        return frozenset(out)

    def define(
        self, target: cst.BaseExpression, value: cst.BaseExpression, beside: str | None = None
    ) -> None:
        ZippedItems.define(self, target, value, beside)
        if type(target) is not cst.Name or type(value) is not cst.Subscript:
            return
        subscript = cst.ensure_type(value, cst.Subscript)
        found = self._slot_list(subscript.value)
        if found is None:
            return
        name, n = found
        form = self._slot_index(subscript, n)
        if form is None:
            return
        self._keep_key(name, f"{cst.ensure_type(target, cst.Name).value}[@{name}]", form)

    def compared(self, test: cst.Comparison, truth: bool) -> None:
        """``w is None`` holds (``w = pends[f]``): ``pends[f]`` held nothing, so a Pending
        certainly kept there is not live on this path."""
        ZippedItems.compared(self, test, truth)
        if not self._slot_names:
            return
        target = test.comparisons[0]
        comparator = target.comparator
        tested = test.left
        if type(tested) is cst.NamedExpr:  # ``(w := pends[f]) is None``: ``w`` was bound first
            tested = tested.target
        left = type(tested)
        if (left is not cst.Name and left is not cst.Subscript) or type(comparator) is not cst.Name:
            return
        if cst.ensure_type(comparator, cst.Name).value != "None":
            return
        operator = type(target.operator)
        if not ((operator is cst.Is and truth) or (operator is cst.IsNot and not truth)):
            return
        if left is cst.Subscript:  # ``pends[f] is None`` (round 25D): as ``w = pends[f]``
            read = cst.ensure_type(tested, cst.Subscript)
            found = self._slot_list(read.value)
            form = self._slot_index(read, found[1]) if found is not None else None
            if found is not None and found[0] in self._slot_names and form is not None:
                self._settle_slot(found[0], form, found[1])
            return
        if not self._slot_reads or not self.defs:
            return
        name = cst.ensure_type(tested, cst.Name).value
        for path, keys in self._slot_reads.items():
            known = self.defs.get(f"{name}[@{path}]")
            n = self._slot_lengths.get(path)
            if known is None or n is None or f"{name}[@{path}]" not in keys:
                continue
            self._settle_slot(path, known, n)

    def _settle_slot(self, path: str, form: object, n: int) -> None:
        """``path[form]`` holds None here: a Pending certainly kept there is not live."""
        for oid in self.live_holders():
            hold = self.holds[oid]
            slot = hold.slot
            if slot is not None and slot[0] == path and slot_relation(slot[1], form, n) == "same":
                self.set_hold(oid, Hold(DONE, hold.borrows))

    # -- counters and names ---------------------------------------------------------------------
    def advance(
        self,
        name: str,
        step: int,
        bounds: Bounds | None = None,
        *,
        arithmetic: bool = True,
    ) -> None:
        if name in self._slot_names:
            for oid in self.live_holders():
                hold = self.holds[oid]
                form = hold.slot[1] if hold.slot is not None else None
                if isinstance(form, Affine) and form.name == name and hold.slot is not None:
                    moved = form.advanced(step) if arithmetic else None
                    slot = None if moved is None else (hold.slot[0], moved)
                    self.set_hold(oid, dataclasses.replace(hold, slot=slot))
        ZippedItems.advance(self, name, step, bounds, arithmetic=arithmetic)

    def bind_name(self, name: str, value: Value) -> None:
        if name in self._slot_names and name not in self._counting:
            self._drop_slots(
                lambda slot: (
                    slot[0] == name or (isinstance(slot[1], Affine) and slot[1].name == name)
                )
            )
            self._forget_reads(name)
        if self._slot_reads:
            for path in self._slot_reads:
                key = f"{name}[@{path}]"
                if key in self.defs:
                    self.set_def(key, None)
        ZippedItems.bind_name(self, name, value)

    def restart(self, names: set[str]) -> None:
        """A loop starts a run: what was kept at a form of its counters is not where it was."""
        if not self._slot_names.isdisjoint(names):
            self._drop_slots(lambda slot: isinstance(slot[1], Affine) and slot[1].name in names)
            for keys in self._slot_reads.values():
                for key in keys:
                    form = self.defs.get(key)
                    if isinstance(form, Affine) and form.name in names:
                        self.set_def(key, None)
        ZippedItems.restart(self, names)


def _stored_elsewhere(scope: cst.CSTNode, name: str) -> bool:
    """A function, class or lambda inside ``scope`` stores into an item of ``name``."""
    for nested in own_nodes(scope):
        if nested is scope or type(nested) not in _SCOPES:
            continue
        for node in descendants(nested):
            kind = type(node)
            if kind is cst.AssignTarget or kind is cst.AugAssign or kind is cst.AnnAssign:
                target = getattr(node, "target", None)
                if type(target) is cst.Subscript and _names(target, name):
                    return True
    return False


def _names(target: cst.Subscript, name: str) -> bool:
    base = target.value
    return type(base) is cst.Name and cst.ensure_type(base, cst.Name).value == name


def slot_relation(one: object, other: object, n: int) -> str | None:
    """``"same"``: the two indices are one on every turn; ``"apart"``: never one; None: either
    may be (a constant beside a form of a counter)."""
    if isinstance(one, At) and isinstance(other, At):
        return "same" if one.key == other.key else "apart"
    if not (isinstance(one, Affine) and isinstance(other, Affine)):
        return None
    if (one.name, one.a, one.mod) != (other.name, other.a, other.mod) or one.mod != n:
        return None
    if one.hi != one.lo or other.hi != other.lo:
        return None
    shift = (one.b - one.a * one.lo) - (other.b - other.a * other.lo)
    return "same" if shift % n == 0 else "apart"
