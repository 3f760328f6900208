"""Calls to the checked module's own functions, through a summary of each: which of its
parameters it uses on the host (read, write, partition, pass to a launch), which partitions it
consumes, and what the op or Pending it returns borrows, in terms of its parameters.

A summary is the function's own analysis, read at its exit. Its parameters are the objects
the analysis gives them: a ``Tensor``-annotated parameter's tensor, a ``Partition`` one's
partition, an unannotated one's tensor once it is used as one (``dst.partition(...)``).
Anything else the function does stays inside it; what it cannot see (an unknown call, a value
stored away) it does not report, as before. A call whose arguments cannot be bound to the
parameters (``*args``, ``**kwargs``) is an unknown call."""

from __future__ import annotations

import dataclasses

import libcst as cst

from tilecheck.codes import MUTABLE_ALIAS, OP_ALREADY_RUN
from tilecheck.host.containers import root_of
from tilecheck.host.findings import Finding
from tilecheck.host.messages import Use
from tilecheck.host.model import (
    CONSUMED,
    LIVE,
    NOTHING,
    Borrow,
    Hold,
    Kind,
    Many,
    Oids,
    Packed,
    State,
    Value,
    flatten,
)
from tilecheck.host.structures import Structures
from tilecheck.host.summary import NO_RESULT, Result, Summary, Target
from tilecheck.syntax.nodes import path_of

# What a function may return that holds borrows, and how its findings call it.
HOLDERS = (Kind.OP, Kind.PENDING, Kind.GRAPH, Kind.PARTITION)
# What an attribute of ``self`` a method does not set may hold on the way in, for its effects.
_HELD = (Kind.PENDING, Kind.OP, Kind.GRAPH)
# The name a method's receiver made in the call (``Act().forward()``) is kept under, never a
# Python name.
_MADE = " made"
# Methods only a tensor has among the objects a parameter may hold: called on a parameter, it
# is a tensor wherever a caller gives it one.
_TENSOR_ONLY_METHODS = frozenset({"to_numpy", "copy_from"})
_LABELS = {
    Kind.OP: "op returned by `{}`",
    Kind.PENDING: "pending",
    Kind.GRAPH: "graph",
    Kind.PARTITION: "partition",
}


class Interprocedural(Structures):
    """Records what a summary needs while a function is analysed, and applies the summaries of
    the functions it calls."""

    summarizing: tuple[str, ...] = ()  # the function's parameter names, when summarized

    def __init__(self, ctx: object) -> None:
        super().__init__(ctx)
        self.param_uses: set[tuple[Target, Use]] = set()
        self.returned: list[tuple[int | None, tuple[Result, ...]]] = []
        self.distinct: set[tuple[int, int, cst.CSTNode, int]] = set()
        self.refusals: set[str] = set()  # what a graph capture refuses, on every call
        self._placeholders: dict[int, str] = {}  # what ``self``'s attributes held on the way in
        self.released_attributes: set[str] = set()
        self._targets: dict[int, Target] | None = None

    # -- recording ---------------------------------------------------------------------------
    def parameter_op(self, func: cst.Attribute) -> int | None:
        receiver = func.value
        if (
            func.attr.value != "sync"
            or not isinstance(receiver, cst.Name)
            or receiver.value not in self.summarizing
            or receiver.value in self.env
            or receiver.value in self.ctx.rebindable
            or self.maybe
        ):
            return None
        name = receiver.value
        op = self.obj(Kind.OP, ("param-op", name), None, f"`{name}`")
        self.set_hold(op, Hold(LIVE))
        self.set_env(name, frozenset({op}))
        self.set_bound(name, op)
        return op

    def refused(self, node: cst.CSTNode, what: str, fix: str, *, known: bool = True) -> bool:
        if known and self.capturing_graph() is None and self.every_call():
            self.refusals.add(what)  # refused wherever a caller captures a graph
        return super().refused(node, what, fix, known=known)

    def every_call(self) -> bool:
        """The current element runs on every call of the function: it lies in a line of its
        body that no ``if``, loop, ``try``, ``return`` or ``raise`` comes before."""
        fn = self.scope_node
        if fn is None or self.maybe or self.element is None:
            return False
        top = self.element.top
        body = fn.body.body
        return top < len(body) and all(
            isinstance(stmt, cst.SimpleStatementLine)
            and (index == top or not any(isinstance(s, (cst.Return, cst.Raise)) for s in stmt.body))
            for index, stmt in enumerate(body[: top + 1])
        )

    def parameter_tensor(self, func: cst.Attribute) -> int | None:
        receiver = func.value
        if (
            func.attr.value not in _TENSOR_ONLY_METHODS
            or not isinstance(receiver, cst.Name)
            or receiver.value not in self.summarizing
            or receiver.value in self.env
            or receiver.value in self.ctx.rebindable
        ):
            return None
        return self.free_tensor(receiver)

    def parameter_of(self, op: int) -> int | None:
        for index, name in enumerate(self.summarizing):
            if self._oid_of.get((Kind.OP, ("param-op", name))) == op:
                return index
        return None

    def parameter_reruns(self) -> tuple[tuple[int, Finding], ...]:
        """TC110 at the fixed point on the ops parameters stand for, by position."""
        return tuple(
            (index, finding)
            for index, finding in self.parameter_verdicts.values()
            if finding is not None
        )

    def target_of(self, oid: int) -> Target | None:
        """What the caller knows a tensor of this function as: a parameter's (the tensor of a
        ``Partition`` parameter: none), an attribute of ``self``'s."""
        if self._targets is None:
            self._targets = {}
            for index, name in enumerate(self.summarizing):
                for key in (("param", name), ("free", name), ("param-items", name)):
                    made = self._oid_of.get((Kind.TENSOR, key))
                    if made is not None:
                        self._targets[made] = ("param", index)
        found = self._targets.get(oid)
        if found is None:  # an item taken from a parameter's items: the items (its tensors)
            for parent in self.infos[oid].parents:
                found = self._targets.get(parent)
                if found is not None:
                    break
        return found if found is not None else self._attribute_target(oid)

    def _attribute_target(self, oid: int) -> Target | None:
        for (kind, key), known in self._oid_of.items():
            if known == oid and kind is Kind.TENSOR and isinstance(key, tuple) and key[0] == "attr":
                return ("attr", str(key[2]))
        return None

    def use(
        self,
        tensors: Oids,
        use: Use,
        node: cst.CSTNode,
        shown: str | None = None,
        *,
        covers: bool = True,
        top: int | None = None,
    ) -> None:
        if self.summarizing:
            self._targets = None  # parameters' free objects may have been made since
            # a launch's read inside a graph capture never follows a writer in flight: to the
            # caller it is as a read on the host (the same conflicts, stream order aside)
            kept = Use.READ if use is Use.SHARED and self.current_group() is not None else use
            for tensor in tensors:
                target = self.target_of(tensor)
                if target is not None:
                    self.param_uses.add((target, kept))
        super().use(tensors, use, node, shown, covers=covers, top=top)

    def note_launch(
        self,
        writes: list[tuple[str, cst.Arg, Oids]],
        reads: list[tuple[str, cst.Arg, Oids]],
    ) -> None:
        if not self.summarizing:
            return
        self._targets = None
        for index, (_, _, written) in enumerate(writes):
            first = self.single_param(written)
            if first is None:
                continue
            top = self.element.top if self.element is not None else 0
            for _, arg, other in [*writes[index + 1 :], *reads]:
                second = self.single_param(other)
                if second is not None and second != first:
                    self.distinct.add((first, second, arg.value, top))

    def single_param(self, tensors: Oids) -> int | None:
        targets = {self.target_of(t) for t in tensors}
        if len(targets) == 1:
            (target,) = targets
            if target is not None and target[0] == "param" and isinstance(target[1], int):
                return target[1]
        return None

    def note_return(self, value: Value) -> None:
        if not self.summarizing:
            return
        self._targets = None
        if isinstance(value, Packed) and value.keys is None:
            self.returned.append((len(value.items), tuple(self.result(v) for v in value.items)))
        elif isinstance(value, Many) and value.distinct:
            result = self.result(value)
            if result.kind in HOLDERS:
                result = dataclasses.replace(result, many=True)
            self.returned.append((None, (result,)))
        else:
            self.returned.append((None, (self.result(value),)))

    def result(self, value: Value) -> Result:
        oids = flatten(value)
        holders = [o for o in oids if self.infos[o].kind in HOLDERS and self.is_live(o)]
        if holders:
            kinds = {self.infos[o].kind for o in holders}
            if len(kinds) != 1:
                return NO_RESULT
            targets: set[tuple[Target, bool]] = set()
            for holder in holders:
                for borrow in self.holds[holder].borrows:
                    targets.add((self.target_or_new(borrow.tensor), borrow.exclusive))
            ordered = all(self.holds[holder].ordered for holder in holders)
            made = [self.created_ops.get(self.site_of(h)) for h in holders]
            sites = frozenset(m[0] for m in made if m is not None)
            if None in made or any(h in self.made_elsewhere for h in holders):
                sites = frozenset()
            return Result(kinds.pop(), frozenset(targets), ordered, sites)
        tensors = self.kinds(oids, Kind.TENSOR)
        if tensors and len(tensors) == len(oids):
            return Result(Kind.TENSOR, frozenset((self.target_or_new(t), False) for t in tensors))
        return NO_RESULT

    def target_or_new(self, tensor: int) -> Target:
        found = self.target_of(tensor)
        return found if found is not None else ("new", self.site_of(tensor))

    def lookup(self, expr: cst.BaseExpression) -> Value | None:
        found = super().lookup(expr)
        if (
            found is not None
            or not self.summarizing
            or self.me is None
            or not isinstance(expr, cst.Attribute)
            or not isinstance(expr.value, cst.Name)
            or expr.value.value != self.me
            or self.method_of is None
            or expr.attr.value not in self.method_of.holders
        ):
            return found
        return self.placeholder(expr.attr.value)

    def placeholder(self, attr: str) -> Value | None:
        """``self.pending`` in a method being summarized, not set in it: what the attribute
        held when the method was called, an op, a Pending or a graph (waiting on it, or
        closing it, is an effect of the method on its receiver)."""
        key = ("attribute", attr)
        if (Kind.PENDING, key) in self._oid_of:
            return None  # made once, on the way in; gone since
        assert self.me is not None
        label = f"`{self.me}.{attr}`"
        held = frozenset(self.obj(kind, key, None, label) for kind in _HELD)
        for oid in held:
            self.set_hold(oid, Hold(LIVE))
            self._placeholders[oid] = attr
        self._based.add(self.me)
        self.set_env(f"{self.me}.{attr}", held)
        return held

    def release(self, holders: list[int], where: cst.CSTNode, *, ran: bool = False) -> None:
        for oid in holders:
            attr = self._placeholders.get(oid)
            if attr is not None:
                self.released_attributes.add(attr)  # on some path: the caller is not told more
        super().release(holders, where, ran=ran)

    def attribute_summary(
        self, entry: dict[str, Oids], end: State | None
    ) -> tuple[frozenset[str], tuple[tuple[str, Result], ...]]:
        """What a method did to its receiver's attributes, read at its exit: the attributes
        whose op or Pending it waited for, and those it set (``NO_RESULT``: to something not
        followed)."""
        if self.me is None or end is None:
            return frozenset(), ()
        self._load(end)
        releases = self.released_attributes
        prefix = self.me + "."
        stores: list[tuple[str, Result]] = []
        names = {k for k in (*entry, *end.env) if k.startswith(prefix)}
        placeholders = set(self._placeholders)
        for path in sorted(names):
            attr = path[len(prefix) :]
            if "." in attr or "[" in attr:
                continue
            now = end.env.get(path)
            if now == entry.get(path) or (now is not None and now <= placeholders):
                continue
            self._targets = None
            stores.append((attr, NO_RESULT if now is None else self.result(now)))
        return frozenset(releases), tuple(stores)

    def consumed_parameters(self, exit_holds: dict[int, Hold]) -> frozenset[int]:
        out: set[int] = set()
        for index, name in enumerate(self.summarizing):
            part = self._oid_of.get((Kind.PARTITION, ("param", name)))
            hold = exit_holds.get(part) if part is not None else None
            if hold is not None and hold.status & CONSUMED:
                out.add(index)
        return frozenset(out)

    # -- applying ----------------------------------------------------------------------------
    def _call(self, expr: cst.Call) -> Value:
        func = expr.func
        if isinstance(func, cst.Name) and func.value not in self.env:
            summary = self.ctx.summary_for(func.value)
            if summary is not None:
                return self.call_summary(expr, summary, None)
        elif isinstance(func, cst.Attribute):
            receiver = func.value
            owner = receiver.value if type(receiver) is cst.Name else None
            if type(receiver) is cst.Subscript and self._based:
                owner = path_of(receiver)  # ``blocks[0].forward()``
            cls = self.receiver_class(owner) if owner is not None else None
            if cls is not None:
                summary = self.ctx.summary_for(f"{cls}.{func.attr.value}")
                if summary is not None:
                    return self.call_summary(expr, summary, owner)
            made = self.made_class(receiver)
            if made is not None:  # ``Act().forward()``: on an instance made right here
                summary = self.ctx.summary_for(f"{made}.{func.attr.value}")
                if summary is not None:
                    self.ev(receiver)
                    value = self.call_summary(expr, summary, _MADE)
                    self.drop_paths(_MADE)
                    return value
        return super()._call(expr)

    def made_class(self, receiver: cst.BaseExpression) -> str | None:
        """The class of the checked tree ``receiver`` calls (``Act()``), if it does."""
        if type(receiver) is not cst.Call or type(receiver.func) is not cst.Name:
            return None
        name = receiver.func.value
        return name if name in self.ctx.classes and name not in self.env else None

    def receiver_class(self, owner: str) -> str | None:
        """The class (of the checked tree) of the instance ``owner`` holds: ``self``'s, a
        name's, or an element's (``blocks[0]``)."""
        if self.method_of is not None and owner == self.me:
            return self.method_of.name
        cls = self.instances.get(owner)
        if cls is not None or "." in owner or "[" not in owner:
            return cls
        held = self.stored(owner)
        info = self.class_of(flatten(held)) if held is not None else None
        return info.name if info is not None else None

    def call_summary(self, call: cst.Call, summary: Summary, receiver: str | None) -> Value:
        """``helper(z, 2.0)`` or ``self.helper(z)`` (``receiver``: ``self``)."""
        if any(arg.star for arg in call.args):
            return self.unknown_call(call)
        bound: dict[int, tuple[cst.Arg, Value]] = {}
        values = [self.ev(arg.value) for arg in call.args]
        first = 1 if receiver is not None else 0
        for position, (arg, value) in enumerate(zip(call.args, values, strict=True), first):
            if arg.keyword is None:
                if position >= summary.positional:
                    return self.escape_all(values)
                bound[position] = (arg, value)
            elif arg.keyword.value in summary.names:
                bound[summary.names.index(arg.keyword.value)] = (arg, value)
        # Ops and pendings given to it are given as to unknown code, first: it may wait for
        # them before it uses anything (``finish(pending, z)``).
        for index, (_, value) in bound.items():
            if index not in summary.consumes:
                self.escape(value)
        if receiver is not None:
            self.attribute_releases(call, summary, receiver)
            self.attribute_partitions_reached(summary, receiver)
        tensors_of: dict[int, Oids] = {}
        used = {target for target, _ in summary.uses}
        for index, (arg, value) in bound.items():
            oids = flatten(value)
            tensors = frozenset(self.kinds(oids, Kind.TENSOR))
            if not oids and ("param", index) in used:
                free = self.free_tensor(arg.value)
                tensors = frozenset({free}) if free is not None else NOTHING
            tensors_of[index] = tensors
        for target, use in sorted(summary.uses, key=lambda u: (str(u[0]), u[1].value)):
            kind, which = target
            if kind == "param" and isinstance(which, int) and which in bound:
                if tensors_of[which]:
                    self.use(tensors_of[which], use, bound[which][0].value)
            elif kind == "attr" and receiver is not None:
                tensors = self.attribute_tensors(receiver, str(which))
                if tensors:
                    self.use(tensors, use, call, f"`{receiver}.{which}`")
            elif kind != "new":
                tensors = self.derived_tensors(target, call, tensors_of, receiver) or NOTHING
                if tensors:
                    self.use(tensors, use, call, self.infos[min(tensors)].label.strip("`"))
        self.check_distinct(summary, bound, tensors_of)
        self.refused_inside(call, summary)
        self.reruns_in(summary, bound)
        self.consume(call, summary, bound, tensors_of)
        self.call_closures()
        if receiver is not None:
            self.attribute_effects(call, summary, receiver, tensors_of)
        return self.returned_value(call, summary, tensors_of, receiver)

    def refused_inside(self, call: cst.Call, summary: Summary) -> None:
        """TC111 at a call, inside a graph capture, of a function that allocates (records an
        event, copies into a tensor) on every call."""
        if summary.refusals:
            what = min(summary.refusals)
            shown = f"`{summary.name}(...)` runs code that refuses it: {what}"
            self.refused(call, shown, "call it before the `with tr.graph()` block")

    def reruns_in(self, summary: Summary, bound: dict[int, tuple[cst.Arg, Value]]) -> None:
        """TC110 inside the function, on an op this call certainly passes it (one a name holds
        on every path, or a kernel call made right here)."""
        if summary.statement is None:
            return
        for index, finding in summary.reruns:
            if index in bound:
                arg, value = bound[index]
                if self.definite_kind(arg.value, value, Kind.OP) is not None:
                    shown = dataclasses.replace(finding, statement=summary.statement)
                    self.report((OP_ALREADY_RUN, finding.node), shown)

    def check_distinct(
        self, summary: Summary, bound: dict[int, tuple[cst.Arg, Value]], tensors_of: dict[int, Oids]
    ) -> None:
        """TC101 through a helper: it launches with two of its parameters, one written through
        a partition, and the call gives both the same tensor."""
        for first, second, inner, top in sorted(summary.distinct, key=lambda d: d[:2]):
            if first not in bound or second not in bound:
                continue
            a, b = tensors_of[first], tensors_of[second]
            same = a & b
            if not same or not (len(a) == 1 or len(b) == 1):
                continue
            arg = bound[second][0]
            label = self.infos[min(same)].label
            if len(a) == 1 and len(b) == 1 and summary.statement is not None:
                # certainly one tensor: the launch inside the function raises
                self.report(
                    (MUTABLE_ALIAS, id(inner)),
                    self.alias_inside(summary, first, second, label, inner, top),
                )
                continue
            message = (
                f"{label} is passed to `{summary.name}` as `{summary.names[first]}` and again as "
                f"`{summary.names[second]}`; it launches a kernel that writes "
                f"`{summary.names[first]}` through a partition and takes "
                f"`{summary.names[second]}` in the same launch",
            )
            labels = (
                (bound[first][0].value, f"passed as `{summary.names[first]}` here"),
                (arg.value, f"passed again as `{summary.names[second]}` here"),
            )
            self.report(
                (MUTABLE_ALIAS, id(arg)), Finding(MUTABLE_ALIAS, arg.value, message, labels)
            )

    def derived_tensors(
        self, target: Target, call: cst.Call, tensors_of: dict[int, Oids], receiver: str | None
    ) -> Oids | None:
        """A target reached from another's tensors (``tilecheck.host.receivers``)."""
        return None

    def alias_inside(
        self, summary: Summary, first: int, second: int, label: str, inner: cst.CSTNode, top: int
    ) -> Finding:
        """TC101 at the launch inside the function, which the call gives one tensor twice."""
        written, other = summary.names[first], summary.names[second]
        message = (
            f"`{written}` and `{other}` are one tensor here ({label}, given to "
            f"`{summary.name}` for both): this launch writes `{written}` through a partition "
            f"and takes `{other}` too",
        )
        labels = ((inner, "the same tensor again here"),)
        finding = Finding(MUTABLE_ALIAS, inner, message, labels, top=top)
        return dataclasses.replace(finding, statement=summary.statement)

    def attribute_tensors(self, receiver: str, attr: str) -> Oids:
        found = self.env.get(f"{receiver}.{attr}")
        if found is None and "[" in receiver:  # ``blocks[0].act``: its instance's
            held = self.stored(receiver)
            found = self.instance_attribute(flatten(held), attr) if held is not None else None
        return frozenset(self.kinds(found or NOTHING, Kind.TENSOR))

    def consume(
        self,
        call: cst.Call,
        summary: Summary,
        bound: dict[int, tuple[cst.Arg, Value]],
        tensors_of: dict[int, Oids],
    ) -> None:
        for index in sorted(summary.consumes):
            if index not in bound:
                continue
            arg, value = bound[index]
            partitions = self.kinds(flatten(value), Kind.PARTITION)
            if not self.check_unconsumed(partitions, arg.value, None):
                for part in partitions:
                    tensors_of[index] |= frozenset(self.partition_tensors(part))
            self.consume_all(partitions, call)

    def returned_value(
        self, call: cst.Call, summary: Summary, tensors_of: dict[int, Oids], receiver: str | None
    ) -> Value:
        made: dict[Target, Oids] = {}
        if summary.arity is None:
            if not summary.returns:
                return NOTHING
            result = summary.returns[0]
            value = self.realize(call, summary, result, 0, tensors_of, receiver, made)
            return Many(flatten(value)) if result.many else value
        return Packed(
            tuple(
                self.realize(call, summary, r, i, tensors_of, receiver, made)
                for i, r in enumerate(summary.returns)
            )
        )

    def realize(
        self,
        call: cst.Call,
        summary: Summary,
        result: Result,
        index: int | str,
        tensors_of: dict[int, Oids],
        receiver: str | None,
        made: dict[Target, Oids],
    ) -> Value:
        """What a call gives back (``index``: the item returned, or the attribute stored): the
        tensors its targets are here, or a new holder borrowing them."""
        if result.kind is None:
            return NOTHING
        for target, _ in result.targets:
            if target in made:
                continue
            kind, which = target
            if kind == "param" and isinstance(which, int):
                made[target] = tensors_of.get(which, NOTHING)
            elif kind == "attr":
                made[target] = self.attribute_tensors(receiver, str(which)) if receiver else NOTHING
            elif kind != "new":
                made[target] = self.derived_tensors(target, call, tensors_of, receiver) or NOTHING
            else:
                new = self.fresh(Kind.TENSOR, call, "tensor", key=("returned", call, which))
                made[target] = frozenset({new})
        if result.kind is Kind.TENSOR:
            return frozenset().union(*(made[t] for t, _ in result.targets))
        borrows = {
            Borrow(t, exclusive) for target, exclusive in result.targets for t in made[target]
        }
        label = _LABELS[result.kind].format(summary.name)
        key = ("returned", call, index)
        new = self.fresh(result.kind, call, label, group=self.current_group(), key=key)
        returned = not isinstance(index, str)  # what a method stores is its own finding
        if returned and result.kind is Kind.OP:
            self.created_ops[new] = self.site(call)
            if len(result.sites) == 1 and summary.statement is not None:
                # where the runtime says it was created: the kernel call in the function
                (site,) = result.sites
                self.created_ops[new] = (site, 0)
                self.made_elsewhere[new] = summary.statement
        elif returned and result.kind is Kind.PENDING:
            self.created_pendings[new] = self.site(call)
        if result.kind is Kind.GRAPH:  # a graph is the group its ops belong to
            self.infos[new] = dataclasses.replace(self.infos[new], group=new)
        group = self.infos[new].group
        self.set_hold(new, Hold(LIVE, frozenset(borrows), ordered=result.ordered and group is None))
        return frozenset({new})

    def attribute_effects(
        self, call: cst.Call, summary: Summary, receiver: str, tensors_of: dict[int, Oids]
    ) -> None:
        """What a method left in the receiver's attributes: a Pending it stored
        (``self.pending = op.submit()``), a tensor it replaced, or something unknown."""
        made: dict[Target, Oids] = {}
        # every value as the attributes held on the way in, before any is set: a swap
        # (``self.a, self.b = self.b, self.a``) reads both first
        values = [
            self.realize(call, summary, result, attr, tensors_of, receiver, made)
            for attr, result in summary.stores
        ]
        for (attr, result), value in zip(summary.stores, values, strict=True):
            path = f"{receiver}.{attr}"
            self.drop_paths(path)
            self.unrelate(path)
            self.set_env(path, None)
            if result.kind is not None:
                self.store(path, value)

    def attribute_releases(self, call: cst.Call, summary: Summary, receiver: str) -> None:
        """The ops and pendings a method waits for in the receiver's attributes: released
        first (it may wait before it reads)."""
        for attr in sorted(summary.releases):
            held = self.env.get(f"{receiver}.{attr}", NOTHING)
            self.release(self.kinds(held, Kind.PENDING), call)
            self.release(self.kinds(held, Kind.OP), call, ran=True)
            self.release(self.kinds(held, Kind.GRAPH), call)

    def attribute_partitions_reached(self, summary: Summary, receiver: str) -> None:
        """The partitions kept in the attributes a method reaches: it may consume them (a
        launch with ``self.tiles``), so they are not followed past the call."""
        prefix = receiver + "."
        for path in sorted(self._under.get(root_of(receiver), ())):
            attr = path[len(prefix) :].split(".")[0].split("[")[0]
            if not path.startswith(prefix) or path not in self.env:
                continue
            if summary.reaches is None or attr in summary.reaches:
                self.escape(frozenset(self.kinds(self.env[path], Kind.PARTITION)))

    def escape_all(self, values: list[Value]) -> Value:
        for value in values:
            self.escape(value)
        self.call_closures()
        return NOTHING

    def unknown_call(self, call: cst.Call) -> Value:
        self.unknown_args(call, escape=True)
        return NOTHING
