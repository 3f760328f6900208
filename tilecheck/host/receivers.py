"""What a method call leaves in its receiver, followed in the caller: attributes a method swaps
keep the names' must-relations; a Pending or an op a method (or ``__init__``: ``unread_stores``,
``field_deaths``) stores in an instance made here is the caller's to wait or run (TC108/TC105
when the instance is dropped with it unwaited); the caller may store into an instance's
attributes as into a name. An instance given to code the checker does not follow (an unknown
call, a container, another name, the caller, a closure) takes what it holds with it."""

from __future__ import annotations

import dataclasses

import libcst as cst

from tilecheck.codes import OP_ALREADY_RUN
from tilecheck.host import called_views, messages, unknown_parts
from tilecheck.host.attribute_items import EACH
from tilecheck.host.attribute_lists import appended_attribute
from tilecheck.host.field_deaths import owed_fields
from tilecheck.host.findings import Finding
from tilecheck.host.indices import Affine, At, Axis, Select, Span
from tilecheck.host.kept_items import KeptItems
from tilecheck.host.made_views import Realizing, made_or_given
from tilecheck.host.messages import Use
from tilecheck.host.model import NOTHING, Kind, Many, Oids, Value, flatten
from tilecheck.host.parameter_index import parameter_form, put_in, rebound
from tilecheck.host.summaries import HOLDERS
from tilecheck.host.summary import NO_RESULT, Result, Summary, Target, single_attribute
from tilecheck.host.unread_stores import OWED as _OWED  # what the caller must run or wait for
from tilecheck.host.unread_stores import owe_unread, store_unread, unread_attribute
from tilecheck.syntax.nodes import path_of, source_of

# The axes of a view over a part of a target that the caller cannot name.
_SOME_PART: tuple[Axis | None, ...] = (None,)


class Receivers(KeptItems):
    __slots__ = """_appended_holders _appended_made _appending _bound_attributes _calling _owed
    _param_attributes _reading _rebound _stale_before _unkept _views appended _now""".split()

    def __init__(self, ctx: object) -> None:
        KeptItems.__init__(self, ctx)
        # an instance made here -> the ops and Pendings its methods stored in it, which only
        # it holds (the caller's to run or wait for)
        self._owed: dict[int, set[int]] = {}
        self._unkept: set[str] = set()  # paths being given what is owed (not kept as waited)
        self._param_attributes: dict[int, object] = {}  # ``b.out`` of a parameter: its key
        self._views: dict[Target, tuple[Target, tuple[Axis | None, ...] | None]] = {}
        self._calling: tuple[Summary, str | None] | None = None  # the summary being applied
        self._stale_before: frozenset[int] = frozenset()  # instances stale before that call
        self._rebound: frozenset[str] | None = None  # names the summarized body binds
        self._bound_attributes = False  # some instance's attribute is ``bound`` (to an op)
        # a method's ``self.X.append(holder)`` -> what it appends (``Summary.appends``)
        self.appended: dict[str, Result] = {}
        self._appending = False  # realizing what a method appended (``attribute_appends``)
        self._reading = False  # checking a summary's host reads (``summary_uses``)
        self._appended_holders: set[int] = set()  # the holders ``attribute_appends`` made
        # the call whose appended holders were realized, and the tensors they made there
        self._appended_made: tuple[cst.Call, dict[Target, Oids]] | None = None
        self._now: Realizing | None = None  # the call being realized, with what it made

    # -- lists of holders in an attribute (``tilecheck.host.attribute_lists``) ------------------
    def _call(self, expr: cst.Call) -> Value:
        """``self.inflight.append(op.submit())`` in a method being summarized, the list not
        followed here: what it appends, noted for ``Summary.appends`` (given away, as before)."""
        attr = appended_attribute(expr, self.me) if self.summarizing else None
        path = f"{self.me}.{attr}"
        if attr is None or path in self.env:
            return KeptItems._call(self, expr)
        if path + "[*]" in self.env:  # a list of tensors (round 22L): the caller's too
            given = expr.args[0].value
            if type(given) is cst.Name:
                result = self.result(self.ev(given))
                known = self.appended.get(attr, result)
                self.appended[attr] = known.join(result) if made_or_given(result) else NO_RESULT
            return KeptItems._call(self, expr)
        self.note_appended(attr, self.ev(expr.args[0].value))
        return NOTHING

    def note_appended(self, attr: str, value: Value) -> None:
        """What a method keeps in a list (or dict) attribute, for ``Summary.appends``."""
        result = self.result(value)
        if result.kind not in _OWED and not made_or_given(result):
            result = NO_RESULT
        known = self.appended.get(attr)
        self.appended[attr] = result if known is None else known.join(result)
        self.escape(value)

    def attribute_appends(
        self, call: cst.Call, summary: Summary, receiver: str, tensors_of: dict[int, Oids]
    ) -> None:
        """The holders a method appended to lists in the receiver's attributes: kept in the
        caller's list under ``receiver.X`` (counted as waited, borrowing what they borrow)."""
        made: dict[Target, Oids] = {}
        self._appended_made = (call, made)  # the tensors it makes are those it returns
        for attr, result in summary.appends:
            path = f"{receiver}.{attr}"
            if path in self.env or result.kind is None:
                continue
            self._appending = True
            try:
                value = self.realize(
                    call, summary, result, f"{attr}[+]", tensors_of, receiver, made
                )
            finally:
                self._appending = False
            added = flatten(value)
            if not added:
                continue
            if result.kind is not Kind.TENSOR:
                self._appended_holders |= added
            if path + "[*]" in self.env:
                self.add_to(path, added)
            else:
                self.store(path, Many(added))

    def summary_uses(
        self,
        call: cst.Call,
        summary: Summary,
        receiver: str | None,
        bound: dict[int, tuple[cst.Arg, Value]],
        tensors_of: dict[int, Oids],
        uses: frozenset[tuple[Target, Use]],
        used_at: tuple[tuple[Target, cst.CSTNode], ...],
    ) -> None:
        """The reads first where holders were appended to an attribute's list (``_reading``:
        ``_reads_appended`` decides their parts), then the other uses."""
        if not self._appended_holders:
            KeptItems.summary_uses(self, call, summary, receiver, bound, tensors_of, uses, used_at)
            return
        reads = frozenset(u for u in uses if u[1] is Use.READ)
        self._reading = True
        try:
            KeptItems.summary_uses(self, call, summary, receiver, bound, tensors_of, reads, used_at)
        finally:
            self._reading = False
        super().summary_uses(call, summary, receiver, bound, tensors_of, uses - reads, used_at)

    def _reads_appended(self, tensors: Oids) -> bool:
        """A method's host read of a part its caller cannot name (``peek(r)`` reading
        ``self.rows[r]``) while a holder a method appended to an attribute's list
        (``attribute_appends``) is live and borrows a part of ``tensors``: checked as a read
        of some part, as what ``put(r)`` appended borrows. (Other uses, such as the next
        ``put(r + 1)`` partitioning its own row, stay unchecked: two parts no one can name
        are not told apart.)"""
        if not self._reading:
            return False
        for oid in self._appended_holders:
            hold = self.holds.get(oid)
            if hold is not None and hold.live:
                for borrow in hold.borrows:
                    if borrow.tensor in tensors or not tensors.isdisjoint(
                        self.infos[borrow.tensor].parents
                    ):
                        return True
        return False

    # -- storing into an instance ---------------------------------------------------------------
    def bind(self, target: cst.BaseExpression, value: Value) -> None:
        path = path_of(target) if type(target) is cst.Attribute else None
        owner = path_of(target.value) if type(target) is cst.Attribute else None
        if path is None or owner is None or owner not in self.instances:
            KeptItems.bind(self, target, value)
            return
        # ``b.pending = op.submit()`` on an instance of the module's class: kept under its path
        self.drop_paths(path)
        self.unrelate(path)
        self.unbind_attribute(path)
        self.set_env(path, None)
        self.set_env(path + "[*]", None)
        owed = self._owing(owner)  # an attribute no code reads: the caller's (round 28L)
        unread = owed is not None and unread_attribute(self, path.rpartition(".")[2])
        if owed is not None and unread:
            owed.update(o for o in flatten(value) if self.infos[o].kind in _OWED)
        store_unread(self, path, value, unread)

    def unread(self, path: str) -> bool:
        return path in self._unkept or KeptItems.unread(self, path)

    # -- a method's effects on its receiver -----------------------------------------------------
    def attribute_effects(
        self, call: cst.Call, summary: Summary, receiver: str, tensors_of: dict[int, Oids]
    ) -> None:
        """The stores, with the relations a swap keeps (the attributes' tensors trade places,
        each apart from the other as before), and what is owed to the caller."""
        self.items_reached(summary, receiver)
        self.attribute_reruns(call, summary, receiver)
        for attr, _ in summary.stores:
            self.unbind_attribute(f"{receiver}.{attr}")
        copies: list[tuple[str, str | None]] = []
        for attr, result in summary.stores:
            source = single_attribute(result)
            copies.append((f"{receiver}.{attr}", f"{receiver}.{source}" if source else None))
        before = self.apart
        old = {s: self.env[s] for _, s in copies if s is not None and s in self.env}
        covers = self.covers_of({t for t, _ in copies})
        owed = self._owing(receiver)
        if owed is not None:
            self._unkept = {
                f"{receiver}.{attr}" for attr, result in summary.stores if result.kind in _OWED
            }
        try:
            KeptItems.attribute_effects(self, call, summary, receiver, tensors_of)
        finally:
            self._unkept = set()
        self.relate(copies, before, old)
        self.rename_covers(covers, copies)
        self.attribute_appends(call, summary, receiver, tensors_of)
        if owed is None:
            return
        for attr, result in summary.stores:
            if result.kind not in _OWED:
                continue
            for oid in self.kinds(self.env.get(f"{receiver}.{attr}", NOTHING), result.kind):
                made = self.created_ops if result.kind is Kind.OP else self.created_pendings
                made[oid] = self.site(call)
                if len(result.sites) == 1 and summary.statement is not None:
                    # where the runtime warns of it: the kernel call or submit in the method
                    (site,) = result.sites
                    made[oid] = (site, 0)
                    self.made_elsewhere[oid] = summary.statement
                owed.add(oid)

    def attribute_reruns(self, call: cst.Call, summary: Summary, receiver: str) -> None:
        """The ops the method runs on every call, of those its receiver's attributes hold: TC110
        where the attribute holds, on every path, one op that every path already ran (a second
        call, or the loop's previous iteration, ``Verdicts.loop_back``)."""
        if not summary.runs or not self._stale.isdisjoint(self.env.get(receiver, NOTHING)):
            return  # given to unknown code since: it may have set the attribute again
        for attr, how in summary.runs:
            if attr.endswith(EACH):
                self.items_rerun(call, summary, receiver, attr, how)
                continue
            self.path_rerun(
                call, summary, f"{receiver}.{attr}", how, dict(summary.run_at).get(attr)
            )

    def path_rerun(
        self, call: cst.Call, summary: Summary, path: str, how: str, inner: cst.CSTNode | None
    ) -> None:
        """The op ``path`` holds, run again by the call: TC110 where it holds, on every path,
        one op that every path already ran."""
        op = self.bound.get(path)
        if op is None or self.env.get(path) != frozenset({op}):
            return
        runs = self.taken.get(op)
        finding = None
        if runs is not None and not self.lazy:
            ordered = [(n, w) for _, n, w, _ in sorted(runs, key=lambda r: (r[0], r[2]))]
            finding = messages.already_run(call, path, self.infos[op], ordered, how)
        self.verdict(OP_ALREADY_RUN, call, finding)
        self.took(op, call, how)
        if inner is not None and summary.statement is not None:
            self._run_inside[call] = (inner, summary.statement)

    def relocated(self, finding: Finding) -> Finding:
        """TC110 of a method's ``self.op.sync()`` run again by a call: at that run, inside
        the method (where the runtime raises), labelled at the call."""
        inside = self._run_inside.get(finding.node)
        if inside is None or finding.code != OP_ALREADY_RUN:
            return finding
        node, statement = inside
        labels = (*finding.labels, (finding.node, "in the method this call runs"))
        return dataclasses.replace(finding, node=node, statement=statement, labels=labels, top=0)

    def unbind_attribute(self, path: str) -> None:
        """``path`` (an instance's attribute) may hold something else from here on."""
        if path in self.bound:
            self.set_bound(path, None)

    def _unbind_under(self, root: str) -> None:
        if self._bound_attributes:
            for path in [p for p in self.bound if p.startswith(root + ".")]:
                self.set_bound(path, None)

    def _owing(self, receiver: str) -> set[int] | None:
        """The set of what is owed to the caller through ``receiver``: an instance this body
        made, held by that name alone."""
        if receiver == self.me or receiver in self.outer_names or receiver in self.parameters:
            return None
        held = self.env.get(receiver, NOTHING)
        if len(held) != 1 or not self.kinds(held, Kind.INSTANCE):
            return None
        (instance,) = held
        if instance not in self.made_by or instance in self._stale:
            return None
        return self._owed.setdefault(instance, set())

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
        """A holder borrowing only attributes of the receiver is covered by their paths, as one
        made from ``buf.back.partition(...)`` is by ``buf.back``."""
        if self._appended_made is not None and self._appended_made[0] is call:
            for target, tensors in self._appended_made[1].items():
                if target[0] == "new":
                    made.setdefault(target, tensors)  # the tensor it appended a holder of
        outer, self._now = self._now, (call, made)
        value = KeptItems.realize(self, call, summary, result, index, tensors_of, receiver, made)
        self._now = outer
        # what it made and only reads (a global it launched with) is no tensor a name here holds
        targets = {t for t, exclusive in result.targets if t[0] != "new" or exclusive}
        if (
            receiver is None
            or receiver.startswith(" ")
            or result.kind is None
            or result.kind is Kind.TENSOR
            or not targets
            or any(kind != "attr" for kind, _ in targets)
        ):
            return value
        cover = frozenset(f"{receiver}.{which}" for _, which in targets)
        for oid in flatten(value):
            hold = self.holds.get(oid)
            if hold is not None and hold.cover is None:
                self.set_hold(oid, dataclasses.replace(hold, cover=cover))
        return value

    # -- targets reached from others: ``b.out`` of a parameter ``b``, views -------------------
    def target_of(self, oid: int) -> Target | None:
        part = self._parameter_part(oid)
        if part is not None:
            return part
        found = KeptItems.target_of(self, oid)
        if found is not None or self.infos[oid].kind is not Kind.TENSOR:
            return found
        if len(self._param_attributes) != len(self._oid_of):
            self._param_attributes = {
                known: key
                for (kind, key), known in self._oid_of.items()
                if kind is Kind.TENSOR and isinstance(key, tuple) and key[0] == "param-attr"
            }
        key = self._param_attributes.get(oid)
        if isinstance(key, tuple) and key[1] in self.summarizing:
            return ("param-attr", f"{self.summarizing.index(key[1])}:{key[2]}")
        return self._view_target(oid)

    def _parameter_part(self, oid: int) -> Target | None:
        """A part of a parameter's tensor the caller can name (``t[:k]`` of ``head(t, 32)``
        is its ``t[:32]``): that part, rather than all of the tensor."""
        selects = self.infos[oid].selects
        if len(selects) != 1 or not selects[0].memory or len(selects[0].of) != 1:
            return None
        if oid in self._whole or not self._nameable(selects[0].axes):
            return None
        (base,) = selects[0].of
        of = KeptItems.target_of(self, base)
        return self._view_target(oid) if of is not None and of[0] == "param" else None

    def _view_target(self, oid: int) -> Target | None:
        """A view of a target over a constant part of it (``self.k[0]``), or all of it
        (``self.k.reshape(-1)``); None for a part the caller cannot name."""
        selects = self.infos[oid].selects
        if not selects or not selects[0].memory or len(selects[0].of) != 1:
            return None
        (base,) = selects[0].of
        # (of a tensor it makes: ``made_views``, round 35F)
        of = self.target_of(base) or (("new", self.site_of(base)) if self.summarizing else None)
        axes = None if oid in self._whole else selects[0].axes
        if of is None:
            return None
        if oid not in self._whole and not self._nameable(axes):
            axes = _SOME_PART  # ``self.rows[self.at]``: some part of it, the caller's own
        target: Target = ("view", f"{of[0]}:{of[1]}:{axes!r}")
        self._views[target] = (of, axes)
        return target

    def _nameable(self, axes: tuple[Axis | None, ...] | None) -> bool:
        """Every axis a constant index or slice, or a form of a parameter the caller gives
        (``self.k[layer]``): the same part for the same arguments."""
        if axes is None:
            return False
        if _constant(axes):
            return True
        if not self.summarizing or self.scope_node is None:
            return False
        if self._rebound is None:
            self._rebound = rebound(self.scope_node)
        return all(
            isinstance(a, (At, Span)) or parameter_form(a, self.summarizing, self._rebound)
            for a in axes
        )

    def view_targets(self) -> tuple[tuple[Target, Target, tuple[Axis | None, ...] | None], ...]:
        return tuple((target, of, axes) for target, (of, axes) in self._views.items())

    def call_summary(self, call: cst.Call, summary: Summary, receiver: str | None) -> Value:
        calling, stale = self._calling, self._stale_before
        self._calling, self._stale_before = (summary, receiver), frozenset(self._stale)
        try:
            return KeptItems.call_summary(self, call, summary, receiver)
        finally:
            self._calling, self._stale_before = calling, stale
            self._appended_made = None

    def derived_tensors(
        self, target: Target, call: cst.Call, tensors_of: dict[int, Oids], receiver: str | None
    ) -> Oids | None:
        kind, which = target
        if self._calling is None or not isinstance(which, str):
            return None
        summary = self._calling[0]
        if kind == "param-attr":
            index, root = which.split(":", 1)
            return self._argument_attribute(call, summary, int(index), root)
        views = {t: (of, axes) for t, of, axes in summary.views}
        if kind != "view" or target not in views:
            return None
        of, axes = views[target]
        if of[0] == "param" and isinstance(of[1], int):
            tensors = tensors_of.get(of[1], NOTHING)
        elif of[0] == "attr":
            tensors = self.attribute_tensors(receiver, str(of[1])) if receiver else NOTHING
        elif of[0] in ("new", "global"):  # (a made tensor's; the module's, round 39C)
            tensors = called_views.viewed_base(self, of, call, summary, self._now)
        else:
            tensors = self.derived_tensors(of, call, tensors_of, receiver) or NOTHING
        if not tensors:
            return None
        if axes is None:
            return self.view_of(call, tensors)
        put = None if axes == _SOME_PART else self._arguments_put_in(call, summary, axes)
        if put is None and (axes == _SOME_PART or self._appending or self._reads_appended(tensors)):
            # a part the caller cannot name: any part, new per call (what a method appends
            # borrows one, ``self.rows[r]`` of ``put(r)``, so a later read may meet it)
            view = self.fresh(Kind.TENSOR, call, "tensor", key=("view", call, target))
            self.adopt(view, tensors, Select(tensors, "", None, memory=True))
            unknown_parts.per_call(self, view, call, some=axes == _SOME_PART)
            self.mark_viewed(tensors | {view})
            return frozenset({view})
        if put is None:  # (a comprehension's step: its own part, ``called_views``)
            return called_views.stepped_view(self, call, summary, axes, tensors, of, receiver)
        region = f"`{source_of(call)}`"
        view = self.selection(
            ("view", tensors, repr(put)), region, tensors, (Select(tensors, "", put, True),)
        )
        self.mark_viewed(tensors | {view})
        return frozenset({view})

    def _arguments_put_in(
        self, call: cst.Call, summary: Summary, axes: tuple[Axis | None, ...]
    ) -> tuple[Axis | None, ...] | None:
        """A view's axes with the call's constant arguments put in for the parameters
        (``k[layer]`` of ``cache.write(0)``: ``k[0]``); None when one is not a constant."""
        put: list[Axis | None] = []
        for axis in axes:
            if not isinstance(axis, Affine):
                put.append(axis)
                continue
            if axis.name not in summary.names:
                return None
            arg = self._argument(call, summary, summary.names.index(axis.name))
            here = None if arg is None else put_in(axis, called_views.known_axis(self, arg.value))
            if here is None:
                return None
            put.append(here)
        return tuple(put)

    def _argument(self, call: cst.Call, summary: Summary, index: int) -> cst.Arg | None:
        """The call's argument for parameter ``index``, if it passes one."""
        first = 1 if self._calling is not None and self._calling[1] is not None else 0
        for position, arg in enumerate(self.passed(call), first):
            keyword = arg.keyword.value if arg.keyword is not None else None
            if (keyword is None and not arg.star and position == index < summary.positional) or (
                keyword is not None and summary.names.index(keyword) == index
                if keyword in summary.names
                else False
            ):
                return arg
            if arg.star:
                return None
        return None

    def _argument_attribute(self, call: cst.Call, summary: Summary, index: int, root: str) -> Oids:
        """The tensor the call's argument for parameter ``index`` (an instance) keeps in root."""
        arg = self._argument(call, summary, index)
        if arg is None:
            return NOTHING
        path = path_of(arg.value)
        held = self.stored(path) if path is not None else None
        if held is None and isinstance(arg.value, cst.Name):
            held = self.env.get(arg.value.value)
        if not held and type(arg.value) is cst.Name and arg.value.value in self.instances:
            return self.env.get(f"{arg.value.value}.{root}", NOTHING)  # a class's parameter
        instances = frozenset(self.kinds(flatten(held or NOTHING), Kind.INSTANCE))
        info = self.class_of(instances)
        # given to the call first, as to unknown code: stale only if it was before
        if info is None or not instances.isdisjoint(self._stale_before):
            return NOTHING
        shown = f"`{source_of(arg.value)}.{root}`"
        return frozenset(self.attribute_of(o, root, shown) for o in instances)

    # -- an instance going where the analysis does not follow -----------------------------------
    def _settle(self, value: Value) -> None:
        """What is owed through these instances is someone else's now."""
        if not self._owed:
            return
        for oid in flatten(value):
            owed = self._owed.pop(oid, None)
            if owed:
                KeptItems.escape(self, frozenset(owed))

    def escape(self, value: Value) -> None:
        self._settle(value)
        KeptItems.escape(self, value)

    def store(self, path: str, value: Value) -> None:
        if path not in self._unkept:
            self._settle(value)
        KeptItems.store(self, path, value)

    def add_to(self, path: str, added: Oids) -> None:
        self._settle(added)
        KeptItems.add_to(self, path, added)

    def bind_name(self, name: str, value: Value) -> None:
        if self._owed and isinstance(value, frozenset):
            for oid in value:  # a second name for the instance: its methods' effects go there
                if oid in self._owed and oid not in self.env.get(name, NOTHING):
                    self._settle(frozenset({oid}))
        self._unbind_under(name)
        KeptItems.bind_name(self, name, value)
        if isinstance(value, frozenset) and len(value) == 1:
            (instance,) = value
            made = self.made_by.get(instance)
            if made is not None and instance in self.made_here:
                self.initialized(name, instance, *made)

    def initialized(self, name: str, instance: int, call: cst.Call, values: list[Value]) -> None:
        """``job = Job(x)``: what ``__init__`` left in ``job``'s attributes (a Pending it
        submitted, a graph it captured), borrowing its tensors and ``x``."""
        info = self.class_of(frozenset({instance}))
        summary = self.ctx.summary_for(f"{info.name}.{info.setup}") if info is not None else None
        if info is None or summary is None:
            return
        tensors_of: dict[int, Oids] = {}
        # (a dataclass's ``__post_init__`` is not given the call's arguments: the fields are)
        arguments = zip(call.args, values, strict=True) if info.setup == "__init__" else ()
        for position, (arg, value) in enumerate(arguments, 1):
            index = position if arg.keyword is None else None
            if arg.keyword is not None and arg.keyword.value in summary.names:
                index = summary.names.index(arg.keyword.value)
            if index is not None and not arg.star:
                tensors_of[index] = frozenset(self.kinds(flatten(value), Kind.TENSOR))
        made: dict[Target, Oids] = {}
        for attr, result in summary.stores:  # the tensors it made are the instance's own
            root = info.tensors.get(attr)
            given = _given(result, tensors_of)
            if root == attr and given:  # ``self.t = t``: the attribute is the caller's tensor
                self.set_env(f"{name}.{attr}", given)
            elif result.kind is Kind.TENSOR and root is not None:
                for target, _ in result.targets:  # (or a view of one it made: 35F)
                    if target[0] == "new" or str(target[1]).startswith("new:"):
                        shown = f"`{name}.{root}`"
                        made[target] = frozenset({self.attribute_of(instance, root, shown)})
        owed = self._owing(name)  # and what no code reads is the caller's (round 28L)
        unread = owed_fields(self, info, summary) if owed is not None else frozenset()
        for attr, result in summary.stores:
            if result.kind in HOLDERS:
                value = self.realize(call, summary, result, attr, tensors_of, name, made)
                store_unread(self, f"{name}.{attr}", value, attr in unread)
                ops = self.kinds(flatten(value), Kind.OP)
                if result.kind is Kind.OP and len(ops) == 1:
                    # the op ``__init__`` made, held there on every path until it is set
                    # again (``attribute_reruns``)
                    self.set_bound(f"{name}.{attr}", ops[0])
                    self._bound_attributes = True
        if owed is not None and unread:
            owe_unread(self, name, summary, unread, owed)
        self.keep_items(name, call, summary, tensors_of, made)

    def forget_attributes(self, roots: set[str]) -> None:
        for root in roots:
            self._settle(self.env.get(root, NOTHING))
            self._unbind_under(root)
        KeptItems.forget_attributes(self, roots)


def _given(result: Result, tensors_of: dict[int, Oids]) -> Oids:
    """The tensor ``__init__`` kept from its parameter (``self.t = t``, on every path), as
    the construction gives it: one tensor, or none."""
    if result.kind is not Kind.TENSOR or len(result.targets) != 1:
        return NOTHING
    ((kind, which), _), *_ = result.targets
    if kind != "param" or not isinstance(which, int):
        return NOTHING
    given = tensors_of.get(which, NOTHING)
    return given if len(given) == 1 else NOTHING


def _constant(axes: tuple[Axis | None, ...] | None) -> bool:
    """Every axis a constant index or slice: the same part wherever it is taken."""
    return axes is not None and all(isinstance(a, (At, Span)) for a in axes)
