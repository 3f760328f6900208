"""Calls to the checked module's own functions, applied at the call site through the callee's
summary (``tilecheck.host.summaries`` records it): its parameters' uses on the caller's
tensors, TC101 when a call gives one tensor for two parameters a launch inside keeps apart,
TC110/TC111 found inside it, the partitions it consumes, what it returns (new holders
borrowing the caller's tensors) and, for a method, what it leaves in its receiver's attributes.

A call whose arguments cannot be bound to the parameters (``*args``, ``**kwargs``) is an
unknown call."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence

import libcst as cst

from tilecheck.host import api, default_args, field_consumes, param_kinds
from tilecheck.host.bound_args import bind_arguments
from tilecheck.host.constant_paths import skipped
from tilecheck.host.containers import root_of
from tilecheck.host.launch import LaunchSignature
from tilecheck.host.memo_calls import memo_call
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
    Value,
    flatten,
    shared_cover,
)
from tilecheck.host.module_attributes import module_function
from tilecheck.host.ownership import name_cover
from tilecheck.host.param_roles import ran_returned, release_waited
from tilecheck.host.partial_calls import imports_partial, joined_args, method_partial, partials
from tilecheck.host.property_reads import PropertyRead, property_read
from tilecheck.host.reduced_zips import zip_reduced
from tilecheck.host.summary import Result, Summary, Target, private_tensors
from tilecheck.host.summary_checks import SummaryChecks
from tilecheck.syntax.nodes import path_of

# The name a method's receiver made in the call (``Act().forward()``) is kept under, never a
# Python name.
_MADE = " made"
_LABELS = {
    Kind.OP: "op returned by `{}`",
    Kind.PENDING: "pending",
    Kind.GRAPH: "graph",
    Kind.PARTITION: "partition",
}


class CallSites(SummaryChecks):
    """Applies the summaries of the functions a body calls, at each call."""

    __slots__ = """_explicit _named_args _new_tensors _partial_calls _property_reads default_nodes
    given_too""".split()

    def __init__(self, ctx: object) -> None:
        SummaryChecks.__init__(self, ctx)
        self._explicit: set[cst.Call] = set()  # ``Base.finish(obj)``: ``obj`` is the receiver
        # arguments a call passes after its written ones (``tasks``: the module values a
        # task's part reads, given while its summary applies)
        self.given_too: dict[cst.Call, tuple[cst.Arg, ...]] = {}
        self._property_reads: dict[cst.Attribute, PropertyRead] = {}  # one call node each
        # the new tensors a method's stores borrow (``self.pend = k(t.partition(s)).submit()``):
        # the call returns the same ones (``return t``)
        self._new_tensors: dict[Target, Oids] = {}
        # the names given for a summary's parameters that hold tensors only (``returned_cover``)
        self._named_args: dict[int, frozenset[str]] = {}
        # a default argument's expression, by its env key (``tilecheck.host.default_args``)
        self.default_nodes: dict[str, cst.Arg] = {}
        # ``f(a, c)`` for each call ``snapshot(c)`` of ``snapshot = partial(f, a)``
        self._partial_calls: dict[cst.Call, cst.Call] = {}

    def _call(self, expr: cst.Call) -> Value:
        func = expr.func
        zipped = zip_reduced(self.ctx, expr, self._partial_calls) if len(expr.args) == 2 else None
        if zipped is not None:  # ``functools.reduce(tr.zip, ops)``: ``tr.zip(*ops)``
            return self._call(zipped)
        if type(func) is cst.Name and func.value not in self.env:
            # a parameter named like a module function is whatever the caller passed
            summary = None if func.value in self.parameters else self.ctx.summary_for(func.value)
            if summary is not None:
                if expr.args:  # ``retry(attempt)``: what ``attempt`` does (``parameter_runs``)
                    self.parameters_run(expr, func.value)
                return self.call_summary(expr, summary, None)
            memo = memo_call(self, expr) if func.value not in self.parameters else None
            if memo is not None:  # ``@functools.cache``'s: the first call's object
                return memo
            if summary is None:
                value = self.partial_call(expr, func.value)  # ``snapshot()`` of a ``partial``
                if value is not None:
                    return value
        elif type(func) is cst.Name and func.value in self.instances:
            # ``acc(x)`` on an instance of a class of the checked tree: its ``__call__``
            called = self.ctx.summary_for(f"{self.instances[func.value]}.__call__")
            if called is not None:
                return self.call_summary(expr, called, func.value)
        elif isinstance(func, cst.Attribute):
            receiver = func.value
            base = self.base_method(expr, func)
            if base is not None:
                return self.call_summary(expr, *base)
            owner = receiver.value if type(receiver) is cst.Name else None
            if type(receiver) is cst.Subscript and self._based:
                owner = path_of(receiver)  # ``blocks[0].forward()``
            cls = self.receiver_class(owner) if owner is not None else None
            if cls is not None and not self.is_property(cls, func.attr.value):
                summary = self.ctx.summary_for(f"{cls}.{func.attr.value}")
                if summary is not None:
                    return self.call_summary(expr, summary, owner)
            made = self.made_class(receiver)
            if made is not None and not self.is_property(made, func.attr.value):
                # ``Act().forward()``: on an instance made right here
                summary = self.ctx.summary_for(f"{made}.{func.attr.value}")
                if summary is not None:
                    self.ev(receiver)
                    value = self.call_summary(expr, summary, _MADE)
                    self.drop_paths(_MADE)
                    return value
            function = module_function(func, self.ctx, self.env)  # ``mod.helper(t)``
            if function is not None:
                return self.call_summary(expr, function, None)
        if type(func) is cst.Name and self.scope_node is None and self.holds:
            callee = self.ctx.callee(func)  # (a name of nothing imported, kernel or builtin)
            if callee.kernel is None and callee.canonical is None:
                self.loop_callback_reads(expr)  # ``for cb in callbacks: cb(step)``
        return SummaryChecks._call(self, expr)

    def partial_call(self, call: cst.Call, name: str) -> Value | None:
        """``snapshot()`` of ``snapshot = partial(f, a)`` (``tilecheck.host.partial_calls``):
        ``f(a)``, ``f``'s summary applied here; None where not followed."""
        module = self.ctx.module
        if module is None or not self.ctx.index.fact(module, imports_partial):
            return None
        scope = self.scope_node or self.module_node
        if scope is None or name in self.ctx.rebindable or name in self.parameters:
            return None
        made = self.ctx.index.fact(scope, partials).get(name)
        if made is None or any(a.star for a in call.args):
            return None
        if self.ctx.callee(made.func).canonical != api.PARTIAL:
            return None
        func = made.args[0].value
        head = func
        while type(head) is cst.Attribute:
            head = head.value
        if type(head) is not cst.Name or head.value in self.env or head.value in self.parameters:
            return None
        kernel = self.ctx.callee(func).kernel
        summary = self.ctx.summary_for(func.value) if type(func) is cst.Name else None
        if kernel is None and summary is None:  # ``partial(tr.Tensor.copy_from, w)(x)``
            method = method_partial(self.ctx, self._partial_calls, made, call)
            return self.ev(method) if method is not None else None
        joined = self._partial_calls.get(call)
        if joined is None:
            joined = cst.Call(func=func, args=joined_args(made, call))
            self._partial_calls[call] = joined
        outer = self.given_at
        self.given_at = {**outer, **{id(a.value): call for a in made.args[1:]}}
        try:
            if kernel is not None:  # ``step(z)`` of ``step = partial(K.add, y=h)``
                return self.bound_launch(call, joined, kernel)
            assert summary is not None
            return self.call_summary(joined, summary, None)
        finally:
            self.given_at = outer

    def bound_launch(self, call: cst.Call, joined: cst.Call, kernel: LaunchSignature) -> Value:
        """The launch ``call`` of a kernel's partial makes, with ``joined``'s arguments."""
        outer, self.launch_scope = self.launch_scope, set()
        values = {id(arg): self.ev(arg.value) for arg in joined.args}
        self.launch_scope = outer
        return self.launch(call, kernel, values, list(joined.args))

    def runs_property(self, expr: cst.Attribute, oids: Oids) -> Value | None:
        """``obj.prop`` (``self.prop``) of a plain ``@property`` of a module class: its
        method's summary, applied as at ``obj.prop()``; else as unknown code."""
        owner = expr.value.value if type(expr.value) is cst.Name else None
        cls = self.receiver_class(owner) if owner is not None else None
        info = self.ctx.classes.get(cls) if cls is not None else None
        attr = expr.attr.value
        summary = self.ctx.summary_for(f"{cls}.{attr}") if info is not None else None
        if owner is None or info is None or attr not in info.properties or summary is None:
            return SummaryChecks.runs_property(self, expr, oids)
        if attr in info.cached and f"{owner}.{attr}" in self.env:
            return self.env[f"{owner}.{attr}"]  # a ``@cached_property`` read before: its value
        read = self._property_reads.get(expr)
        if read is None:
            read = self._property_reads[expr] = property_read(expr)
        value = self.call_summary(read, summary, owner)
        if attr in info.cached:  # kept on the instance, under the attribute's name
            self.set_env(f"{owner}.{attr}", flatten(value))
            self.under_name(owner, f"{owner}.{attr}")
        return value

    def base_method(self, call: cst.Call, func: cst.Attribute) -> tuple[Summary, str | None] | None:
        """``super().finish()`` in a method of a module class whose first base is one: the
        base's method, on this method's receiver; ``Base.finish(obj)``: ``Base``'s method on
        ``obj`` (``passed`` leaves ``obj`` out of the arguments); ``Base.plan(t)``: a static
        method, on no receiver."""
        receiver = func.value
        if func.attr.value == "__init__":
            return None  # what it sets is read from the class's methods (``ClassInfo``)
        if type(receiver) is cst.Call and type(receiver.func) is cst.Name:
            info = self.method_of
            if (
                receiver.func.value != "super"
                or "super" in self.env
                or info is None
                or info.base is None
                or self.me is None
            ):
                return None
            summary = self.ctx.summary_for(f"{info.base}.{func.attr.value}")
            return (summary, self.me) if summary is not None else None
        if type(receiver) is not cst.Name or receiver.value in self.env:
            return None
        info = self.ctx.classes.get(receiver.value)
        if info is not None and info.origin is None:
            static = self.ctx.summary_for(f"{receiver.value}.{func.attr.value}")
            if static is not None and static.static:  # ``Engine.plan(t)``
                return static, None
        if not call.args:
            return None
        first = call.args[0]
        if info is None or info.origin is not None or first.keyword is not None or first.star:
            return None
        owner = first.value.value if type(first.value) is cst.Name else None
        if owner is None or self.receiver_class(owner) is None:
            return None
        summary = self.ctx.summary_for(f"{receiver.value}.{func.attr.value}")
        if summary is None:
            return None
        self._explicit.add(call)
        return summary, owner

    def before_chain(self, call: cst.Call) -> None:
        SummaryChecks.before_chain(self, call)
        if call.args and type(call.args[0].value) is cst.Attribute:
            self._method_callback(call, call.args[0].value)

    def _method_callback(self, call: cst.Call, func: cst.Attribute) -> None:
        """``op.then(obj.method)``: a bound method of a module class runs with the chain, as a
        lambda does: the host uses its summary makes of its receiver's attributes are made
        here (where the method waits for none of them: its releases are not followed here;
        the op's arguments it is given are not either)."""
        if type(func.value) is not cst.Name:
            return
        owner = func.value.value
        if owner in self.parameters and owner != self.me:
            return
        cls = self.receiver_class(owner)
        if cls is None or self.is_property(cls, func.attr.value):
            return
        summary = self.ctx.summary_for(f"{cls}.{func.attr.value}")
        if summary is None or summary.static or summary.releases:
            return
        uses = frozenset(use for use in summary.uses if use[0][0] == "attr")
        if uses:
            self.summary_uses(call, summary, owner, {}, {}, uses, summary.used_at)

    def explicit_receiver(self, call: cst.Call, explicit: bool) -> None:
        """Whether ``call``'s first argument is its receiver (``Base.finish(obj)``)."""
        if explicit:
            self._explicit.add(call)
        else:
            self._explicit.discard(call)

    def is_property(self, cls: str, attr: str) -> bool:
        """``cls().attr`` is read, not called (calling it calls what the method returns)."""
        info = self.ctx.classes.get(cls)
        return info is not None and attr in info.properties

    def passed(self, call: cst.Call) -> Sequence[cst.Arg]:
        """The arguments a call gives the callee's parameters after its receiver."""
        args = call.args[1:] if call in self._explicit else call.args
        more = self.given_too.get(call) if self.given_too else None
        return args if more is None else (*args, *more)

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
        if held is None and owner.endswith("]"):  # an item of a comprehension's result
            held = self.stored(owner[: owner.rindex("[")])
        info = self.class_of(flatten(held)) if held is not None else None
        return info.name if info is not None else None

    def call_summary(self, call: cst.Call, summary: Summary, receiver: str | None) -> Value:
        """``helper(z, 2.0)`` or ``self.helper(z)`` (``receiver``: ``self``)."""
        if any(arg.star for arg in call.args):
            return self.unknown_call(call)
        args = self.passed(call)
        values = [self.ev(arg.value) for arg in args]
        binding = bind_arguments(call, summary, args, values, 1 if receiver is not None else 0)
        if binding is None:
            return self.escape_all(values)
        bound, spread = binding
        if receiver is None:
            if self.default_nodes:
                default_args.given(self, call, summary, bound)
            self.module_function_reads(call)  # (before it may wait for what it is given)
        given = {index: arg.value for index, (arg, _) in bound.items()}
        for index in skipped(summary.skips, summary.defaults, given):
            del bound[index]  # the function names it nowhere it runs with these constants
        self.launches_in(summary, bound)  # (while the graphs given are still open)
        # Ops and pendings given to it are given as to unknown code, first: it may wait for
        # them before it uses anything (``finish(pending, z)``); but those of parameters it
        # never names stay the caller's, and those it only waits go after the uses before
        # its waits (round 30O, ``tilecheck.host.param_roles``).
        kept = summary.untouched | summary.waited
        with field_consumes.consumed(self, call, summary, bound):  # (kept through the escapes)
            for index, (_, value) in bound.items():
                if index not in summary.consumes and index not in kept:
                    self.escape(value)
        for value in spread:  # (what its ``*args``/``**kw`` take: not followed)
            self.escape(value)
        tensors_of: dict[int, Oids] = {}
        used = {target for target, _ in summary.uses}
        for index, (arg, value) in bound.items():
            oids = flatten(value)
            tensors = frozenset(self.kinds(oids, Kind.TENSOR))
            if not oids and ("param", index) in used:
                free = self.free_tensor(arg.value)
                tensors = frozenset({free}) if free is not None else NOTHING
            tensors_of[index] = tensors
        self.given_tensors(tensors_of)
        if summary.waited:  # the uses before its waits, then what it waits (round 30O)
            release_waited(self, call, summary, receiver, bound, tensors_of)
        early = summary.early - summary.param_early if receiver is not None else frozenset()
        # the uses it makes before it waits for what its receiver's attributes hold, then those
        self.summary_uses(call, summary, receiver, bound, tensors_of, early, summary.early_at)
        if receiver is not None:
            self.attribute_releases(call, summary, receiver)
            self.attribute_partitions_reached(call, summary, receiver)
        late = summary.uses - early - summary.param_early
        self.summary_uses(call, summary, receiver, bound, tensors_of, late, summary.used_at)
        self.check_distinct(summary, bound, tensors_of)
        if receiver is not None and summary.distinct_attributes:
            self.check_distinct_attributes(call, summary, receiver, bound, tensors_of)
        refused = self.refused_inside(call, summary, bound)
        self.callbacks_run(summary, bound)
        self.callbacks_captured(summary, bound)
        self.gated_drops(call, summary, bound)
        self.reruns_in(summary, bound)
        self.consume(call, summary, bound, tensors_of)
        self.call_closures()
        self._new_tensors = {}
        self._named_args = self.named_tensor_args(bound)
        if receiver is not None:
            self.attribute_effects(call, summary, receiver, tensors_of)
        value = self.returned_value(call, summary, tensors_of, receiver)
        if refused:  # the call raises: no op or Pending comes of it (TC111 alone, no TC108)
            self.never_made(flatten(value))
        return value

    def given_tensors(self, tensors_of: dict[int, Oids]) -> None:
        """(``GlobalEffects``': the call's tensors by parameter, for what it stores.)"""

    def consume(
        self,
        call: cst.Call,
        summary: Summary,
        bound: dict[int, tuple[cst.Arg, Value]],
        tensors_of: dict[int, Oids],
    ) -> None:
        inside = dict(summary.consumed_at) if summary.statement is not None else {}
        for index in sorted(summary.consumes):
            if index not in bound:
                continue
            arg, value = bound[index]
            if param_kinds.tensor_given(self, call, summary, arg, value, inside.get(index)):
                continue  # TC106 inside: the launch raises
            partitions = self.kinds(flatten(value), Kind.PARTITION)
            at: cst.CSTNode = arg.value
            statement = None
            consumed = [self.holds.get(p) for p in partitions]
            if index in inside and len(consumed) == 1 and consumed[0] is not None:
                # the launch inside raises (a default argument: nothing is written here)
                if consumed[0].status == CONSUMED or arg in self.default_nodes.values():
                    at, statement = inside[index], summary.statement
            with self.elsewhere(statement, call):
                unconsumed = not self.check_unconsumed(partitions, at, None)
            if unconsumed:
                for part in partitions:
                    tensors_of[index] |= frozenset(self.partition_tensors(part))
            self.consume_all(partitions, call)

    def returned_value(
        self, call: cst.Call, summary: Summary, tensors_of: dict[int, Oids], receiver: str | None
    ) -> Value:
        made = dict(self._new_tensors)  # the tensors it made and kept holders of, as kept
        if summary.arity is None:
            if not summary.returns:
                return NOTHING
            result = summary.returns[0]
            value = self.realize(call, summary, result, 0, tensors_of, receiver, made)
            return Many(flatten(value)) if result.many else value
        items: list[Value] = []
        for i, result in enumerate(summary.returns):
            value = self.realize(call, summary, result, i, tensors_of, receiver, made)
            items.append(Many(flatten(value)) if result.many else value)
        return Packed(tuple(items), summary.keys)

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
        if result.ran:
            return ran_returned(self, call, summary, result, index, _LABELS[Kind.OP])
        for target, _ in result.targets:
            if target in made:
                continue
            kind, which = target
            if kind == "param" and isinstance(which, int):
                made[target] = tensors_of.get(which, NOTHING)
            elif kind == "attr":
                made[target] = self.attribute_tensors(receiver, str(which)) if receiver else NOTHING
            elif kind == "global" and summary.statement is not None:
                made[target] = self.global_tensors(str(which))
            elif kind not in ("new", "global"):
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
            if result.called_waits:
                self.waiting_closures.add(new)
            if len(result.sites) == 1 and summary.statement is not None:
                # where the runtime warns of it: the submit in the function
                (site,) = result.sites
                self.created_pendings[new] = (site, 0)
                self.made_elsewhere[new] = summary.statement
        if result.kind is Kind.GRAPH:  # a graph is the group its ops belong to
            self.infos[new] = dataclasses.replace(self.infos[new], group=new)
        group = self.infos[new].group
        cover = returned_cover(result.targets, self._named_args, private_tensors(summary, result))
        ordered = result.ordered and group is None
        self.set_hold(new, Hold(LIVE, frozenset(borrows), cover=cover, ordered=ordered))
        return frozenset({new})

    def named_tensor_args(
        self, bound: Mapping[int, tuple[cst.Arg, Value]]
    ) -> dict[int, frozenset[str]]:
        """The parameters given a name (or attribute path) that holds tensors only, with it:
        what the function borrows of such a parameter, that name holds."""
        out: dict[int, frozenset[str]] = {}
        for index, (arg, value) in bound.items():
            oids = flatten(value)
            if oids and oids == frozenset(self.kinds(oids, Kind.TENSOR)):
                cover = name_cover(arg.value)
                if cover is not None:
                    out[index] = cover
        return out

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
        self._new_tensors = {t: oids for t, oids in made.items() if t[0] == "new"}
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
            found = self.env.get(f"{receiver}.{attr}")
            info = self.method_of
            if found is None and receiver == self.me and info is not None and attr in info.holders:
                # ``super().finish()`` while summarized: what ``self``'s attribute held on the
                # way in (its wait is this method's effect too)
                found = flatten(self.placeholder(attr) or NOTHING) if self.summarizing else None
            held = found or NOTHING
            self.release(self.kinds(held, Kind.PENDING), call)
            self.release(self.kinds(held, Kind.OP), call, ran=True)
            self.release(self.kinds(held, Kind.GRAPH), call)

    def attribute_partitions_reached(self, call: cst.Call, summary: Summary, receiver: str) -> None:
        """The partitions kept in the attributes a method reaches: it may consume them (a
        launch with ``self.tiles``), so they are not followed past the call. So are the ops,
        Pendings and graphs of attributes its summary does not follow (not among its class's
        ``holders``: ``g.record(self.op)`` of an op ``__init__`` made)."""
        prefix = receiver + "."
        cls = self.receiver_class(receiver)
        info = self.ctx.classes.get(cls) if cls is not None else None
        # given to unknown code since: its attributes may hold another partition
        fresh = self._stale.isdisjoint(self.env.get(receiver, NOTHING))
        for path in sorted(self._under.get(root_of(receiver), ())):
            attr = path[len(prefix) :].split(".")[0].split("[")[0]
            if not path.startswith(prefix) or path not in self.env:
                continue
            if fresh and attr in summary.consumes_attributes and path == prefix + attr:
                # consumed by a launch of the method on every call: TC109 if it was already
                partitions = self.kinds(self.env[path], Kind.PARTITION)
                inner = dict(summary.attribute_consumed_at).get(attr)
                if summary.statement is None or inner is None:
                    inner = call
                with self.elsewhere(summary.statement if inner is not call else None, call):
                    self.check_unconsumed(partitions, inner, None)  # where the launch raises
                self.consume_all(partitions, call)
            elif summary.reaches is None or attr in summary.reaches:
                held = self.env[path]
                self.escape(frozenset(self.kinds(held, Kind.PARTITION)))
                if info is None or attr not in info.holders:
                    for kind in (Kind.OP, Kind.PENDING, Kind.GRAPH):
                        self.escape(frozenset(self.kinds(held, kind)))

    def escape_all(self, values: list[Value]) -> Value:
        for value in values:
            self.escape(value)
        self.call_closures()
        return NOTHING

    def unknown_call(self, call: cst.Call) -> Value:
        self.unknown_args(call, escape=True)
        return NOTHING


def returned_cover(
    targets: Iterable[tuple[Target, bool]],
    named: Mapping[int, frozenset[str]],
    private: frozenset[Target] = frozenset(),
) -> frozenset[str] | None:
    """The names that hold every tensor a returned holder borrows, when it borrows only
    parameters given such names (``tiles(front)`` of ``def tiles(t): return t.partition(s)``
    borrows what ``front`` holds, as ``front.partition(s)`` would) and tensors the call makes
    that it gives out through this holder alone (``private``: no name can hold them; the
    upload source of ``load(host, into)``); None otherwise."""
    cover: frozenset[str] = frozenset()
    written = {target[1] for target, exclusive in targets if exclusive}
    for target, _ in targets:
        if target in private:
            continue
        kind, which = target
        if kind != "param" or not isinstance(which, int) or which not in named:
            return None
        only_read = which not in written  # marked (``Ownership``'s read arguments)
        cover |= (shared_cover(named[which]) or frozenset()) if only_read else named[which]
    return cover or None
