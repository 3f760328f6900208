"""Waits correlated with a flag (issue 17, round 19A): ``waited = False``, ``if eager:
p.wait(); waited = True``, then ``if not waited: p.wait()``. After the first ``if`` the
merge has ``p`` live on one path only, the one where ``waited`` is False; the may-state
forgets which, and the second test's false way would keep ``p`` in flight.

A flag is a name its scope binds only to ``True``, ``False`` or ``None`` (plain ``name =
constant`` statements; no other binding of it anywhere in the scope, no ``global`` or
``nonlocal`` of it in the module), so its truth value changes only where it is rebound. Each
holder keeps, as a must-fact of the paths where it is live (``Hold.gates``), the truth value
each flag has there: set where a flag is bound or tested and where a holder is made live (from
the flags known on every path, kept in ``defs``), dropped where the flag is rebound. A test of
the flag then ends the holders it contradicts: on ``waited``'s true way, a holder live only
where ``waited`` is false is not live. Only in a body analysed on its own (a method run in place
at a call keeps the caller's facts and adds none)."""

from __future__ import annotations

import dataclasses

import libcst as cst

from tilecheck.host.constant_fields import taken_arm
from tilecheck.host.context import Context
from tilecheck.host.dict_attributes import dict_attribute
from tilecheck.host.dict_names import dict_names, literal_flags
from tilecheck.host.graph_launches import GraphLaunches
from tilecheck.host.indices import At
from tilecheck.host.model import DONE, LIVE, Hold, Value

_CONSTANTS = {"True": True, "False": False, "None": False}  # a flag's value -> its truth


def flag_key(name: str) -> str:
    """The ``defs`` entry for the truth value flag ``name`` has on every path (never a name)."""
    return f"flag>({name})"


class FlagGates(GraphLaunches):
    """Holders' flag facts: made, kept, and used where a flag is tested."""

    __slots__ = ("_gated",)

    def __init__(self, ctx: Context) -> None:
        self._gated: set[str] = set()  # flags some fact names (in a holder or in ``defs``)
        GraphLaunches.__init__(self, ctx)

    def _flags(self) -> frozenset[str]:
        """The flags of the body being analysed; none inside a body run in place."""
        scope = self.scope_node or self.module_node
        if scope is None or self._running:
            return frozenset()
        return literal_flags(self.ctx.index, scope) - self.ctx.rebindable

    def dict_named(self, path: str) -> bool:
        """``for k in d`` walks ``d``'s keys, as ``d.keys()`` does, where every binding of
        ``d`` in the body analysed makes a dict (``tilecheck.host.dict_names``); none inside a
        body run in place, whose names are not the scope's."""
        scope = self.scope_node or self.module_node
        if scope is None or self._running or path + "[*]" not in self.env:
            return False  # (a dict that holds nothing the analysis follows: as before)
        module = self.ctx.module
        if module is not None and dict_attribute(self.ctx.index, module, path):
            return True  # ``self.grads``, bound only to dicts (``dict_attributes``)
        return path not in self.ctx.rebindable and path in dict_names(self.ctx.index, scope)

    def _facts(self) -> frozenset[tuple[str, bool]]:
        """The flags' truth values known on every path here."""
        return frozenset(
            (name, bool(known.key))
            for name in self._gated
            if isinstance(known := self.defs.get(flag_key(name)), At)
        )

    def _known(self, name: str, truth: bool) -> None:
        """On this path, flag ``name`` has truth value ``truth``: so it has for every holder
        live here, and for those made live later until it is rebound."""
        self._gated.add(name)
        self.set_def(flag_key(name), At(int(truth)))
        for oid in self.live_holders():
            hold = self.holds[oid]
            gates = frozenset(g for g in hold.gates if g[0] != name) | {(name, truth)}
            if gates != hold.gates:
                GraphLaunches.set_hold(self, oid, dataclasses.replace(hold, gates=gates))

    def define(
        self, target: cst.BaseExpression, value: cst.BaseExpression, beside: str | None = None
    ) -> None:
        GraphLaunches.define(self, target, value, beside)
        if type(target) is cst.Name and type(value) is cst.Name and value.value in _CONSTANTS:
            if target.value in self._flags():
                self._known(target.value, _CONSTANTS[value.value])

    def bind_name(self, name: str, value: Value) -> None:
        """A flag rebound: what was known of its value is not any more (``define`` then sets
        it again when the new value is a constant)."""
        if name in self._gated:
            if flag_key(name) in self.defs:
                self.set_def(flag_key(name), None)
            for oid in self.live_holders():
                hold = self.holds[oid]
                if any(g[0] == name for g in hold.gates):
                    gates = frozenset(g for g in hold.gates if g[0] != name)
                    GraphLaunches.set_hold(self, oid, dataclasses.replace(hold, gates=gates))
        GraphLaunches.bind_name(self, name, value)

    def set_hold(self, oid: int, hold: Hold | None) -> None:
        """Another analysis sets a live holder: made live here, it is live where the flags
        known on every path have their values (a Pending submitted after ``waited = False``);
        changed while live, it keeps the facts both had, and where its status or borrows
        changed (it may stand for one made again here), only those also known here."""
        if hold is not None and hold.status & LIVE and self._gated:
            old = self.holds.get(oid)
            if old is None or not old.live:
                gates = self._facts()
            elif (hold.status, hold.borrows) == (old.status, old.borrows):
                gates = hold.gates & old.gates
            else:
                gates = hold.gates & old.gates & self._facts()
            if gates != hold.gates:
                hold = dataclasses.replace(hold, gates=gates)
        elif hold is not None and hold.gates and not hold.status & LIVE:
            hold = dataclasses.replace(hold, gates=frozenset())
        GraphLaunches.set_hold(self, oid, hold)

    def flag_assumed(self, name: str, truth: bool) -> None:
        """A test of ``name`` taken with truth value ``truth``: the holders live only where it
        has the other one are not live on this way."""
        if name not in self._flags():
            return
        for oid in self.live_holders():
            hold = self.holds[oid]
            if (name, not truth) in hold.gates:
                status = (hold.status & ~LIVE) or DONE
                GraphLaunches.set_hold(
                    self, oid, Hold(status, hold.borrows, hold.released_at, hold.consumed_at)
                )
        self._known(name, truth)

    def _if_exp(self, expr: cst.IfExp) -> Value:
        """``x if self.inplace else tr.empty(...)``: only the arm a field holding one constant
        takes (``tilecheck.host.constant_fields``); the other is never evaluated."""
        arm = taken_arm(self.ctx.field_values, expr)
        if arm is None:
            return GraphLaunches._if_exp(self, expr)
        self.ev(expr.test)
        return self.ev(arm)
