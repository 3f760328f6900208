"""The abstract store of one body's analysis: the objects it has met (by creation site),
binding and dropping names as CPython would, and recording findings. The state it transforms,
copied on first write, is ``tilecheck.host.store``'s to keep."""

from __future__ import annotations

import dataclasses

import libcst as cst

from tilecheck.codes import (
    OP_ALREADY_RUN,
    OP_NEVER_RUN,
    PARTITION_CONSUMED,
    PENDING_NEVER_WAITED,
)
from tilecheck.flow.cfg import CFG, Element
from tilecheck.host import api, carried_tuples, messages
from tilecheck.host.context import Context
from tilecheck.host.cycles import Cycled, cycled_findings
from tilecheck.host.evictions import Appended, evictions
from tilecheck.host.findings import Finding, FindingSink
from tilecheck.host.model import (
    LIVE,
    NOTHING,
    Borrow,
    Kind,
    ObjInfo,
    Oids,
    Packed,
    State,
    Value,
    flatten,
)
from tilecheck.host.site_keys import enclosing_key, site_key
from tilecheck.host.store import Store
from tilecheck.host.trimmed_items import trimmed
from tilecheck.host.turn_offsets import aged_summaries
from tilecheck.host.turn_verdicts import judged
from tilecheck.syntax.walk import EXPRESSION, children, type_kind

# The env's entry for the holders that closures made so far name (never a Python name): what a
# closure names stays held, as the closure refers to it, until something that may run the
# closure is called.
CLOSURES = " closures"

Output = tuple[frozenset[Borrow], Oids]  # one launch argument: its partitions' borrows, tensors


class Frame(Store):
    """Objects, state and findings of one body (the state's bookkeeping is ``Store``'s);
    ``Ownership`` adds tilert's effects on them and ``BodyAnalysis`` the interpretation of the
    syntax."""

    __slots__ = """_arrays _guarded _made _oid_of _rebound_here _streams _summary body_cfg children
    conflicted created_ops created_pendings ctx cycle_loops deque_loops dropped
    element family_version infos launch_scope lazy left_unrun left_unwaited
    loop_first loop_parameter_reruns loop_reruns made_elsewhere made_here maybe
    memo_slots module_node outer_names outputs parameter_verdicts parameters
    positions_stack primary ran rank rerun_call scope_node sink sliced_off tick
    turn_verdicts verdicts waited windowed""".split()

    def __init__(self, ctx: Context) -> None:
        Store.__init__(self)
        self.ctx = ctx
        self.scope_node: cst.FunctionDef | None = None  # the function whose body this is, if one
        self.module_node: cst.Module | None = None  # the module, where this is its own code
        self.body_cfg: CFG | None = None  # the body analysed (``BodyAnalysis.run_body``)
        # ``Calls``'s, once asked: the names bound to streams, to arrays, and at all in the body
        self._streams: frozenset[str] | None = None
        self._arrays: frozenset[str] | None = None
        self._rebound_here: frozenset[str] | None = None
        self.infos: list[ObjInfo] = []
        self._oid_of: dict[tuple[Kind, object], int] = {}
        self._made: set[int] = set()  # objects ``fresh`` has made at least once
        # the positions of the comprehensions followed item by item (``host.positions``)
        # being evaluated: what ``fresh`` makes there is one object per position
        self.positions_stack: list[int] = []
        self._summary: dict[int, int] = {}  # a site's object -> its summary object
        self.primary: dict[int, int] = {}  # a summary object -> its site's object
        self.children: dict[int, set[int]] = {}  # an object -> the elements taken from it
        self.family_version = 0  # counts the changes to ``children`` and to selections
        self.created_ops: dict[int, tuple[cst.CSTNode, int]] = {}  # op -> (site, statement)
        self.created_pendings: dict[int, tuple[cst.CSTNode, int]] = {}
        self.ran: set[int] = set()  # ops run, handed on or escaped, on some path
        self.waited: set[int] = set()  # pendings waited on or escaped, on some path
        # A launch -> what ``sync`` returns: per argument, the borrows of the partitions it
        # passed (returned spent) or the tensors it passed.
        self.outputs: dict[cst.CSTNode, tuple[Output, ...]] = {}
        self.sink = FindingSink()
        # TC110's and TC111's verdicts per (code, element, node): the finding, or None. Each
        # visit overwrites the last, so what remains is the verdict of the fixed point (they
        # rest on must-facts, which shrink as the solver iterates).
        self.verdicts: dict[
            tuple[str, int, cst.CSTNode], tuple[tuple[int, int], Finding | None]
        ] = {}
        # A verdict's element (``seq``) in a ``for`` built slot by slot -> its slots (30U)
        self.turn_verdicts: dict[int, tuple[int, ...]] = {}
        # A TC110 node inside the call that raises for it (an argument of ``tr.zip``): the op
        # that call would make is never made, so it is no TC105 (nor a Pending, TC108).
        self.rerun_call: dict[cst.CSTNode, cst.CSTNode] = {}
        # Per loop, TC110 at the runs its next iteration repeats (``Ownership.loop_back``);
        # where each loop's elements start (``CFG.loops``).
        self.loop_reruns: dict[int, dict[cst.CSTNode, Finding]] = {}
        # the same, on an op a caller passes (a parameter's position): a finding per call
        self.loop_parameter_reruns: dict[int, dict[cst.CSTNode, tuple[int, Finding]]] = {}
        self.loop_first: dict[int, int] = {}
        # Holders a use was reported against (by site): their missing wait or run is that
        # finding's root cause, not another TC105/TC108.
        self.conflicted: set[int] = set()
        self.left_unwaited: set[int] = set()  # pendings live when the function returns
        self.left_unrun: set[int] = set()  # ops unrun at an early ``return`` (as pendings)
        # Submit sites whose Pendings a loop waits for but the last ones (a window, or every
        # item but the last): live in a local container when the function returns, unwaited.
        self.windowed: set[int] = set()
        # Sites whose holders a local list keeps and walks only through a slice that leaves
        # some out (``pends[:-1]``): those are never run or waited (``Windows.slice_leaves``).
        self.sliced_off: dict[int, cst.BaseExpression] = {}
        self.parameters: frozenset[str] = frozenset()
        # Per (pending site, assignment): whether the assignment drops, unwaited on every path,
        # the Pending of that site a name held (each visit overwrites: the fixed point's).
        self.dropped: dict[tuple[int, cst.CSTNode], bool] = {}
        # TC110 verdicts on an op a parameter stands for, by node: its position, the finding
        self.parameter_verdicts: dict[cst.CSTNode, tuple[int, Finding | None]] = {}
        # ops made by a function this body calls, by the module statement their site is in
        self.made_elsewhere: dict[int, int] = {}
        # A call of a memoized function with constant arguments -> the env key of the object
        # the cache keeps for it (``tilecheck.host.memo_calls``): what the call gives again.
        self.memo_slots: dict[cst.Call, str] = {}
        # Each ``for`` met, with its body's ``q.append(k(...).submit())`` (``evictions``), and
        # those whose body launches with ``next(c)`` (``cycles``), with their statement.
        self.deque_loops: dict[cst.For, Appended | None] = {}
        self.cycle_loops: dict[cst.For, tuple[Cycled, int]] = {}
        self.element: Element | None = None
        self.made_here: set[int] = set()  # objects made by the element being interpreted
        self.tick = 0
        self.rank = 0  # the next finding's rank among those of its key (``FindingSink.add``)
        # Partitions made while a launch's arguments are evaluated: inside one call, aliasing
        # is TC101's business, not TC104's.
        self.launch_scope: set[int] | None = None
        # Names the function declares ``global`` or ``nonlocal``: a value bound to one is
        # stored outside it, as an attribute is.
        self.outer_names: frozenset[str] = frozenset()
        # Code that may not run (a comprehension's body: no must-fact is made there) and code
        # that may run later, elsewhere (a generator expression's: no TC110/TC111 there).
        self.maybe = 0
        self._guarded: frozenset[cst.Return] | None = None  # ``Frame._finally_guarded``
        self.lazy = 0

    # -- findings --------------------------------------------------------------------------
    def relocated(self, finding: Finding) -> Finding:
        """The finding where the runtime raises, if that lies in a function its node calls."""
        return finding

    def findings(self) -> list[Finding]:
        """What was found, TC105 and TC108 included (known only once every path was seen)."""
        # calls that raise (TC110) and so make nothing
        refused = judged(self.verdicts, self.turn_verdicts, self.sink, self.relocated)
        refused = {self.rerun_call.get(node, node) for node in refused}
        for reruns in self.loop_reruns.values():
            for node, finding in reruns.items():
                self.sink.add((OP_ALREADY_RUN, node), (0, 0), self.relocated(finding))
                refused.add(self.rerun_call.get(node, node))
        for op, (site, top) in self.created_ops.items():
            if site in refused or op in self.conflicted:
                continue
            if op in self.sliced_off:
                finding = messages.sliced_off(site, self.infos[op], self.sliced_off[op])
            elif op not in self.ran:
                finding = messages.never_run(site, self.infos[op])
            elif op in self.left_unrun:
                finding = messages.left_unrun(site, self.infos[op])
            elif any(hit for (o, _), hit in self.dropped.items() if o == op):
                finding = messages.op_overwritten(site, self.infos[op])
            else:
                continue
            statement = self.made_elsewhere.get(op)
            finding = dataclasses.replace(finding, top=top, statement=statement)
            self.sink.add((OP_NEVER_RUN, op), (-1, op), finding)
        scope = self.scope_node or self.module_node
        for node, finding in cycled_findings(scope, self.ctx, self.cycle_loops):
            self.sink.add((PARTITION_CONSUMED, node), (0, 0), finding)
        dropping = evictions(scope, self.deque_loops) if self.deque_loops else {}
        trimming = trimmed(scope, self.deque_loops, self.ctx.constants)
        for pending, (site, top) in self.created_pendings.items():
            if site in refused or pending in self.conflicted:
                continue
            if pending in self.sliced_off:
                finding = messages.sliced_off(site, self.infos[pending], self.sliced_off[pending])
            elif pending not in self.waited:
                finding = messages.never_waited(site)
            elif pending in self.left_unwaited:
                finding = messages.left_unwaited(site)
            elif drops := [w for (p, w), hit in self.dropped.items() if p == pending and hit]:
                popped = [w for w in drops if type(w) is cst.Call]
                finding = messages.overwritten(site)
                if popped:
                    take = messages.cleared if _clears(popped[0]) else messages.popped
                    finding = take(site, popped[0])
            elif site in dropping or site in trimming:  # (a list's trim: ``trimmed_items``)
                trim = trimming.get(site)
                finding = messages.evicted(site, *dropping[site]) if trim is None else trim
            else:
                continue
            self.sink.add(
                (PENDING_NEVER_WAITED, pending),
                (-1, pending),
                dataclasses.replace(finding, top=top, statement=self.made_elsewhere.get(pending)),
            )
        return self.sink.findings()

    def leave(self, end: State) -> None:
        """The function returns with ``end``: a Pending still live there that only its local
        names hold (no attribute, container, closure or outer name, where something else may
        wait for it) is dropped unwaited on some path (the last one of a pipeline that waits
        each Pending in the next iteration)."""
        held: dict[int, bool] = {}
        for name, oids in end.env.items():
            local = carried_tuples.local_holder(name, self)  # (or a carried tuple's item)
            kept = bool(self.windowed) and not local and self.local_container(name)
            for oid in oids:
                in_local = local or (kept and self.site_of(oid) in self.windowed)
                held[oid] = held.get(oid, True) and in_local
        for oid, only_local in held.items():
            hold = end.holds.get(oid)
            # live on every path that holds it there
            if only_local and hold is not None and hold.status == LIVE:
                if self.infos[oid].kind is Kind.PENDING:
                    self.left_unwaited.add(self.site_of(oid))

    def leave_early(self, node: cst.Return) -> None:
        """A ``return`` (outside any ``try`` with a ``finally``, which may still wait): a
        Pending a local name holds on every path into it, live on every path, that no attribute,
        container, closure or outer name holds, is dropped unwaited when it returns (an early
        return before the wait). So is an op left unrun there (TC105)."""
        pendings = [
            (name, oid)
            for name, oid in self.bound.items()
            if self.infos[oid].kind in (Kind.PENDING, Kind.OP)
        ]
        if not pendings or node in self._finally_guarded():
            return
        for name, oid in pendings:
            hold = self.holds.get(oid)
            if (
                hold is None
                or hold.status != LIVE
                or not name.isidentifier()
                or name in self.outer_names
            ):
                continue
            if all(
                (n.isidentifier() and n not in self.outer_names) or oid not in oids
                for n, oids in self.env.items()
            ):
                pending = self.infos[oid].kind is Kind.PENDING
                (self.left_unwaited if pending else self.left_unrun).add(self.site_of(oid))

    def _finally_guarded(self) -> frozenset[cst.Return]:
        """The ``return`` statements of the function inside a ``try`` that has a ``finally``."""
        if self._guarded is None:
            found: set[cst.Return] = set()
            scope: cst.CSTNode | None = getattr(self, "scope_node", None)
            stack: list[tuple[cst.CSTNode, bool]] = [(scope, False)] if scope is not None else []
            while stack:
                current, inside = stack.pop()
                # (exact types: ``isinstance`` on libcst's ABCs is slow on a walk)
                if type(current) is cst.Return and inside:
                    found.add(current)
                elif type_kind(type(current)) == EXPRESSION:
                    continue
                guarded = inside or (
                    (type(current) is cst.Try or type(current) is cst.TryStar)
                    and current.finalbody is not None
                )
                for child in children(current):
                    if type(child) is not cst.FunctionDef and type(child) is not cst.ClassDef:
                        stack.append((child, guarded))
            self._guarded = frozenset(found)
        return self._guarded

    def held_before(self, names: list[str], ops: bool = False) -> dict[int, Oids]:
        """The Pendings of a site (its latest, or its summary: an earlier iteration's) that
        ``names`` hold before an assignment rebinds them, by site; with ``ops``, the ops too
        (round 30U: ``op = k(...)`` in every turn drops the turn before's op, unrun)."""
        out: dict[int, Oids] = {}
        for name in names:
            for oid in self.env.get(name, NOTHING):
                site = self.site_of(oid)
                kind = self.infos[oid].kind
                if (
                    (kind is Kind.PENDING and site in self.created_pendings)
                    or (ops and kind is Kind.OP and site in self.created_ops)
                ) and (oid == site or self._summary.get(site) == oid):
                    out[site] = out.get(site, NOTHING) | {oid}
        return out

    def note_dropped(self, before: dict[int, Oids], where: cst.CSTNode) -> None:
        """After the assignment: a Pending live on every path (never waited on any) that
        nothing holds any more was dropped unwaited (the runtime warns when it is collected);
        the last iteration's ``last = k(...).submit()`` of a loop waits only for one."""
        referenced: set[int] | None = None
        for site, oids in before.items():
            hit = False
            for oid in oids:
                hold = self.holds.get(oid)
                if hold is None or hold.status != LIVE:
                    continue
                if referenced is None:
                    referenced = set().union(*self.env.values())
                hit = hit or oid not in referenced
            self.dropped[(site, where)] = hit

    def local_container(self, path: str) -> bool:
        """``q[*]``: the items of a container only this function's names hold (not a
        parameter's, an attribute's or an outer name's)."""
        root, bracket, _ = path.partition("[")
        return (
            bool(bracket)
            and root.isidentifier()
            and root not in self.outer_names
            and root not in self.parameters
        )

    # -- objects ----------------------------------------------------------------------------
    def obj(
        self,
        kind: Kind,
        key: object,
        site: cst.CSTNode | None,
        label: str,
        *,
        group: int | None = None,
        rank: int | None = None,
    ) -> int:
        """The object id of the abstract object made at ``key`` (a site or a name)."""
        oid = self._oid_of.get((kind, key))
        if oid is None:
            oid = len(self.infos)
            seq = self.element.seq if self.element is not None and site is not None else -1
            self.infos.append(ObjInfo(oid, kind, site, label, group, rank, seq=seq))
            self._oid_of[(kind, key)] = oid
        return oid

    def fresh(
        self,
        kind: Kind,
        site: cst.CSTNode,
        label: str,
        *,
        group: int | None = None,
        rank: int | None = None,
        key: object = None,
    ) -> int:
        """A new object made at ``site`` (recency: the one it made before becomes its summary,
        a Pending's summary first its older one: the previous turn's apart from the rest)."""
        at = site_key(site if key is None else key, self.positions_stack)
        oid = self.obj(kind, at, site, label, group=group, rank=rank)
        self.made_here.add(oid)
        if oid in self._made:
            if kind is Kind.PENDING:  # (round 29D, 37M: turn offsets)
                for aged in reversed(aged_summaries(self, oid, self._summary)):
                    self.move(aged, self.summary_of(aged))
            self.retire(oid)
        else:
            self._made.add(oid)
        self.forget_object(oid)
        return oid

    def retire(self, oid: int) -> None:
        """``oid`` now stands for a new object: the one it stood for lives on as its summary."""
        self.move(oid, self.summary_of(oid))

    def summary_of(self, oid: int) -> int:
        """The object that stands for what ``oid`` stood for before (made once)."""
        summary = self._summary.get(oid)
        if summary is None:
            summary = len(self.infos)
            info = self.infos[oid]
            # a graph is its own group: the previous capture is another graph than the next
            group = summary if info.group == oid else info.group
            selects = tuple(r for r in (s.retired() for s in info.selects) if r is not None)
            self.infos.append(dataclasses.replace(info, oid=summary, group=group, selects=selects))
            self._summary[oid] = summary
            self.primary[summary] = oid
            for parent in self.infos[oid].parents:
                self.children.setdefault(parent, set()).add(summary)
            self.family_version += 1
        return summary

    def move(self, oid: int, target: int) -> None:
        """What names, borrows and holds say of ``oid`` now says it of ``target`` (joined
        with what they said of it)."""
        self.forget_object(oid)
        for name, oids in list(self.env.items()):
            if oid in oids:
                self.set_env(name, (oids - {oid}) | {target})
        for holder, hold in list(self.holds.items()):
            if any(b.tensor == oid for b in hold.borrows):
                borrows = frozenset(
                    Borrow(target, b.exclusive) if b.tensor == oid else b for b in hold.borrows
                )
                self.set_hold(holder, dataclasses.replace(hold, borrows=borrows))
        current = self.holds.get(oid)
        if current is not None:
            older = self.holds.get(target)
            self.set_hold(target, current if older is None else older.join(current))
            self.set_hold(oid, None)

    def site_of(self, oid: int) -> int:
        """The object made at ``oid``'s site (itself, unless a summary or a loop's element)."""
        while oid in self.primary:
            oid = self.primary[oid]
        return oid

    def is_live(self, oid: int) -> bool:
        hold = self.holds.get(oid)
        return hold is not None and hold.live

    def kinds(self, oids: Oids, kind: Kind) -> list[int]:
        if not oids:  # (most values hold nothing tracked)
            return []
        infos = self.infos
        return [o for o in oids if infos[o].kind is kind]

    # -- reporting --------------------------------------------------------------------------
    def order(self) -> tuple[int, int]:
        self.tick += 1
        return (self.element.seq if self.element else 0, self.tick)

    def report(self, key: object, finding: Finding, top: int | None = None) -> None:
        """Record a finding (``top``: the body statement holding its node, when that is not
        the current element's)."""
        if top is None:
            top = self.element.top if self.element is not None else 0
        rank, self.rank = self.rank, 0
        self.sink.add(key, self.order(), dataclasses.replace(finding, top=top), rank)

    def site(self, call: cst.CSTNode) -> tuple[cst.CSTNode, int]:
        """A creation site, with the body statement it is in (for positions)."""
        return call, self.element.top if self.element is not None else 0

    def holder_name(self, oid: int) -> str | None:
        for name, oids in sorted(self.env.items()):
            if oid in oids and name != CLOSURES and "[" not in name and " " not in name:
                # (``exit_stacks``, ``phases``: no name of the user's)
                if not name.startswith(("_exit_held_", "_phase_held_")):
                    return name
        return None

    def current_group(self) -> int | None:
        """The graph whose ``with`` block the current element is in, if any."""
        if self.element is None:
            return None
        for item in reversed(self.element.withs):
            expr = item.item
            if isinstance(expr, cst.Call) and self.ctx.callee(expr.func).canonical == api.GRAPH:
                at = enclosing_key(self._oid_of, Kind.GRAPH, expr, self.positions_stack)
                return self.obj(Kind.GRAPH, at, expr, "graph")
            if isinstance(expr, cst.Name):
                for o in self.env.get(expr.value, NOTHING):
                    if self.infos[o].kind is Kind.GRAPH:
                        return o
            elif type(expr) is cst.Attribute and type(expr.value) is cst.Name:
                # ``with self.g:`` of a graph the attribute holds (``Summaries.placeholder``)
                for o in self.env.get(f"{expr.value.value}.{expr.attr.value}", NOTHING):
                    if self.infos[o].kind is Kind.GRAPH:
                        return o
        return None

    # -- binding ----------------------------------------------------------------------------
    def bind(self, target: cst.BaseExpression, value: Value) -> None:
        if isinstance(target, cst.Name):
            self.bind_name(target.value, value)
        elif isinstance(target, (cst.Tuple, cst.List)):
            elements = target.elements
            if (
                isinstance(value, Packed)
                and len(value.items) == len(elements)
                and not any(isinstance(e, cst.StarredElement) for e in elements)
            ):
                for element, item in zip(elements, value.items, strict=True):
                    self.bind(element.value, item)
            else:
                self.escape(value)
                for element in elements:
                    self.bind(element.value, NOTHING)
        elif isinstance(target, cst.StarredElement):
            self.escape(value)
            self.bind(target.value, NOTHING)
        else:  # an attribute or a subscript: stored away where the analysis does not follow
            self.escape(value)

    def bind_name(self, name: str, value: Value) -> None:
        if name in self.outer_names:
            self.escape(value)  # its tensors stay tracked here
        if not isinstance(value, frozenset):
            self.escape(value)  # a container kept whole, where it is not followed
            value = NOTHING
        self.unrelate(name)
        if name in self.bound:
            self.set_bound(name, None)
        free = self.retire_free(name)
        if value:
            self.set_env(name, value)
            for oid in value:  # a new tensor takes the name it is first bound to
                info = self.infos[oid]
                if info.kind is Kind.TENSOR and info.label == "tensor":
                    self.infos[oid] = dataclasses.replace(info, label=f"`{name}`")
        elif free is not None:
            # an untracked name rebound to something untracked (``for z in zs``): its new value
            # is the name's free object again, the previous one now its summary
            self.set_env(name, frozenset({free}))
        elif name in self.env:
            # rebound to something untracked: a new identity, so a later ``name.partition()``
            # is not mistaken for the old value's
            assert self.element is not None
            node = self.element.node
            fresh = self.fresh(Kind.TENSOR, node, f"`{name}`", key=("rebound", node, name))
            self.set_env(name, frozenset({fresh}))

    def retire_free(self, name: str) -> int | None:
        """``name`` is rebound: the untracked value it held when first used as a tensor (its
        free object, if it may still hold it) lives on only in other names and holders, as
        that object's summary (recency, as ``fresh``), so a loop target (``for z in zs``) of
        one iteration is never confused with the previous iteration's, kept in ``prev = z``.
        Returns the free object it retired."""
        free = self._oid_of.get((Kind.TENSOR, ("free", name)))
        if free is None or free not in self.env.get(name, NOTHING):
            return None
        self.retire(free)
        return free

    def delete(self, target: cst.BaseExpression) -> None:
        if isinstance(target, cst.Name):
            self.unrelate(target.value)
            if target.value in self.bound:
                self.set_bound(target.value, None)
            if target.value in self.env:
                self.set_env(target.value, None)
        elif isinstance(target, (cst.Tuple, cst.List)):
            for element in target.elements:
                self.delete(element.value)

    # -- escaping ---------------------------------------------------------------------------
    def escape(self, value: Value) -> None:
        """The value goes where the analysis does not follow (a container, an attribute, an
        unknown call, the caller): its ops count as run, its pendings as waited on, and the
        borrows they hold are no longer tracked."""
        for oid in flatten(value):
            kind = self.infos[oid].kind
            if kind is Kind.TENSOR:
                continue
            if kind is Kind.OP:
                self.ran.add(self.site_of(oid))
            elif kind is Kind.PENDING:
                self.waited.add(self.site_of(oid))
            if oid in self.holds:
                self.set_hold(oid, None)

    def close_over(self, oids: Oids) -> None:
        """A closure names these: its ops may be run and its pendings waited on when it is
        called (no TC105/TC108), but until then they hold their borrows."""
        kept: set[int] = set()
        for oid in oids:
            if not self.is_live(oid):
                self.escape(frozenset({oid}))
                continue
            kind = self.infos[oid].kind
            if kind is Kind.OP:
                self.ran.add(self.site_of(oid))
            elif kind is Kind.PENDING:
                self.waited.add(self.site_of(oid))
            kept.add(oid)
        held = self.env.get(CLOSURES, NOTHING)
        if not kept <= held:
            self.set_env(CLOSURES, held | kept)

    def call_closures(self) -> None:
        """Something that may run a closure made here is called (an unknown function, the
        closure itself, a ``.then``): what closures name escapes now."""
        held = self.env.get(CLOSURES)
        if held:
            self.set_env(CLOSURES, None)
            self.escape(held)

    def free_tensor(self, expr: cst.BaseExpression) -> int | None:
        """A name the analysis had not tracked, now used as a tensor (a parameter, a global)."""
        if not isinstance(expr, cst.Name):
            return None
        tensor = self.obj(Kind.TENSOR, ("free", expr.value), None, f"`{expr.value}`")
        self.unrelate(expr.value)
        self.set_env(expr.value, frozenset({tensor}))
        return tensor


def _clears(call: cst.CSTNode) -> bool:
    """``pends.clear()``: the drop of every item (round 21J), not a ``pop``."""
    func = call.func if type(call) is cst.Call else None
    return type(func) is cst.Attribute and func.attr.value == "clear"
