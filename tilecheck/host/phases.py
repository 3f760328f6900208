"""A thread's target run in phases, each at the point of the starter its synchronisation
orders it after (issue 17, round 32T; ``placements`` is the model).

``t = threading.Thread(target=f, args=(...))``; ``t.start()``; ``f`` meets the starter at the
statements ``B.wait()`` of a ``threading.Barrier(2)`` (the starter's ``B.wait()`` of the same
count) or waits ``E.wait()`` for a ``threading.Event`` the starter sets (``E.set()``). Those
statements cut ``f``'s body into phases: phase 0 runs from the start, phase ``k`` once the
starter has passed the ``k``-th of its matching statements. Each phase runs whole right after
that statement of the starter (phase 0 at ``t.start()``), the starter's following statements
after it: a schedule the threads may take (a phase blocks only at its end), so what the
phase leaves in flight (a Pending it submitted and waits in a later phase) is what the
starter's statements of that phase meet -- a read there races on some schedule -- while what
the starter holds in flight when a phase runs is what the phase meets. A phase is a plain
function of its statements (``phase k of f``), given the thread's arguments and the names the
earlier phases bound, returning those it binds (as ``tasks``' first parts), held by the starter
under names of its own (``HELD``) until the next phase takes them; ``t.join()`` ends it.

Followed only where the order is certain: ``t`` bound once in the module, started and joined
once, by statements of one body (the starter) that every run reaches (no branch, loop or
handler around them: a ``try`` body or ``finally`` is fine); each barrier or event a name bound
once at the module's top level, named by nothing but those statements of ``f`` and of the
starter (``E.set()`` of ``f`` too: it must come in a phase run before the starter's
``E.wait()``); ``f`` a plain function of the module whose phases' statements contain no
``return``; the barrier waits of both sides equal in number; the starter's matching statements
after the start and before the join, in the order of ``f``'s waits. Otherwise the target runs
whole at the start, as before (``tilecheck.host.threads``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Protocol, cast

import libcst as cst

from tilecheck.host.bound_once import scope_statements
from tilecheck.host.context import Context
from tilecheck.host.model import Oids, Packed, Value, flatten
from tilecheck.host.parameter_index import bound_names, rebound
from tilecheck.host.property_reads import lowered_from
from tilecheck.host.scopes import free_names
from tilecheck.host.summary import Summary
from tilecheck.host.tasks import module_values
from tilecheck.syntax.index import SyntaxIndex
from tilecheck.syntax.walk import own_nodes

METHODS = frozenset({"start", "wait", "set", "join"})  # the cheap gate at a call
_MADE = {"Barrier": "threading.Barrier", "Event": "threading.Event"}
HELD = "_phase_held_"  # (names the starter holds a phase's locals in)
_STRAIGHT = (cst.Try, cst.With, cst.SimpleStatementLine)


class Analysis(Protocol):
    @property
    def ctx(self) -> Context: ...

    @property
    def env(self) -> Mapping[str, Oids]: ...

    def set_env(self, name: str, oids: Oids | None) -> None: ...

    def escape(self, value: Value) -> None: ...

    def call_summary(self, call: cst.Call, summary: Summary, receiver: str | None) -> Value: ...


class Phase:
    """What runs after a statement of the starter: phase ``k`` of ``f`` for the thread
    ``thread``, taking ``held`` and returning ``kept`` (empty for the last)."""

    __slots__ = ("extras", "fn", "held", "k", "kept", "last", "start", "thread")

    def __init__(
        self,
        thread: str,
        start: cst.Call,
        fn: cst.FunctionDef | None,
        k: int,
        held: tuple[str, ...],
        kept: tuple[str, ...],
        last: bool,
        extras: tuple[str, ...],
    ) -> None:
        self.extras = extras  # module values it reads, given by the starter (``with_globals``)
        self.last = last
        self.thread = thread
        self.start = start
        self.fn = fn
        self.k = k
        self.held = held
        self.kept = kept


class Plan:
    """The module's followed threads: the phases run after each statement's call (by id),
    and the starts those replace (``threads`` runs nothing there)."""

    __slots__ = ("after", "started")

    def __init__(self) -> None:
        self.after: dict[int, list[Phase]] = {}
        self.started: set[int] = set()


def phase_name(f: str, k: int) -> str:
    return f"phase {k} of {f}"


def plan_of(ctx: Context) -> Plan | None:
    module = ctx.module
    if module is None:
        return None
    plan = ctx.index.fact(module, _plan)
    return plan if plan.after else None


def started(ctx: Context, call: cst.Call) -> bool:
    """``call`` starts a thread whose target runs in phases (not whole, there)."""
    plan = plan_of(ctx)
    return plan is not None and id(call) in plan.started


def phased(ctx: Context, call: cst.Call) -> bool:
    """Phases of a thread run after ``call``."""
    plan = plan_of(ctx)
    return plan is not None and id(call) in plan.after


def call_then_phases(
    an: Analysis, call: cst.Call, evaluate: Callable[[cst.Call], Value]
) -> Value | None:
    """``evaluate(call)`` (``t.start()``, ``barrier.wait()``, ``event.set()``), then the
    phases that run after it; None where none does (or while ``call`` itself is evaluated)."""
    ctx = an.ctx
    key = ("phasing", id(call))
    if key in ctx.runs or not phased(ctx, call):
        return None
    ctx.runs[key] = None
    try:
        value = evaluate(call)
    finally:
        del ctx.runs[key]
    run_after(an, call)
    return value


def run_after(an: Analysis, call: cst.Call) -> None:
    """The phases that run after ``call`` (a statement of the starter), in order."""
    from tilecheck.host.threads import target_call

    plan = plan_of(an.ctx)
    phases = plan.after.get(id(call)) if plan is not None else None
    ctx = an.ctx
    for phase in phases or ():
        if phase.fn is None:
            continue  # (an empty phase)
        made = target_call(ctx, phase.start)
        if made is None or type(made.func) is not cst.Name:
            continue
        name = phase_name(made.func.value, phase.k)
        ctx.add_def(name, phase.fn, made.func.value)
        summary = ctx.summary_for(name)
        if summary is None:  # (not followed: what it holds is given to unknown code)
            for n in phase.held:
                an.escape(an.env.get(_held(phase.thread, n), frozenset()))
                an.set_env(_held(phase.thread, n), None)
            continue
        key = ("phase", id(call), phase.k)
        built = ctx.runs.get(key)
        if built is None:
            held = [cst.Arg(cst.Name(_held(phase.thread, n))) for n in phase.held]
            given = [cst.Arg(cst.Name(n)) for n in phase.extras]
            args = (*made.args, *held, *given)
            node = lowered_from(call, cst.Call(func=made.func, args=args))
            built = ctx.runs[key] = (0, node)
        value = an.call_summary(cast(cst.Call, built[1]), summary, None)
        if phase.last:  # (the target's locals are gone)
            for n in phase.held:
                an.set_env(_held(phase.thread, n), None)
        if not phase.kept:
            an.escape(value)
        elif type(value) is Packed and len(value.items) == len(phase.kept):
            for n, item in zip(phase.kept, value.items, strict=True):
                oids = flatten(item)
                an.set_env(_held(phase.thread, n), oids or None)
        else:
            an.escape(value)


def _held(thread: str, name: str) -> str:
    return f"{HELD}{thread}_{name}"


def _plan(index: SyntaxIndex, module: cst.CSTNode) -> Plan:
    plan = Plan()
    body = cast(cst.Module, module).body
    syncs = _syncs(body)
    if not syncs:
        return plan
    defs: dict[str, cst.FunctionDef | None] = {}
    for stmt in body:
        if type(stmt) is cst.FunctionDef:
            defs[stmt.name.value] = None if stmt.name.value in defs else stmt
    uses: dict[str, int] = {}  # how many times each sync name is named in the module
    for node in index.nodes(module):
        if type(node) is cst.Name and node.value in syncs:
            uses[node.value] = uses.get(node.value, 0) + 1
    from tilecheck.host.threads import thread_targets  # (its facts: the threads bound once)

    for thread, (target, start) in thread_targets(index, module).items():
        fn = defs.get(target)
        if fn is None or fn.asynchronous is not None or fn.decorators:
            continue
        _follow(index, module, plan, thread, fn, start, syncs, uses)
    return plan


def _syncs(body: Sequence[cst.BaseStatement]) -> dict[str, str]:
    """The module's names bound to ``Barrier(2)``/``Event()`` (by spelling: the kind each
    is), bound once in the module's own scope."""
    found: dict[str, str] = {}
    count: dict[str, int] = {}
    for stmt in scope_statements(body):  # (a script's blocks included)
        small = stmt.body[0] if type(stmt) is cst.SimpleStatementLine else None
        targets = small.targets if type(small) is cst.Assign else ()
        for target in targets:
            if type(target.target) is cst.Name:
                count[target.target.value] = count.get(target.target.value, 0) + 1
        if type(small) is not cst.Assign or len(targets) != 1:
            continue
        name = targets[0].target
        value = small.value
        if type(name) is not cst.Name or type(value) is not cst.Call:
            continue
        func = value.func
        spelled = func.value if type(func) is cst.Name else None
        if type(func) is cst.Attribute and type(func.value) is cst.Name:
            spelled = func.attr.value if func.value.value == "threading" else None
        kind = _MADE.get(spelled or "")
        if kind == "threading.Barrier":
            args = value.args
            if len(args) != 1 or type(args[0].value) is not cst.Integer or args[0].keyword:
                continue
            if args[0].value.value != "2":
                continue
        elif kind == "threading.Event" and value.args:
            continue
        if kind is not None:
            found[name.value] = kind
    return {n: k for n, k in found.items() if count.get(n) == 1}


def _sync_call(stmt: cst.CSTNode, names: Mapping[str, str]) -> tuple[str, str, cst.Call] | None:
    """``X.method()`` as a statement of its own, ``X`` one of ``names``: X, the method, the call."""
    if type(stmt) is not cst.SimpleStatementLine or len(stmt.body) != 1:
        return None
    small = stmt.body[0]
    if type(small) is not cst.Expr or type(small.value) is not cst.Call:
        return None
    call = small.value
    func = call.func
    if call.args or type(func) is not cst.Attribute or type(func.value) is not cst.Name:
        return None
    if func.value.value not in names:
        return None
    return func.value.value, func.attr.value, call


def _straight(body: Sequence[cst.BaseStatement], out: list[cst.BaseStatement]) -> bool:
    """The statements of ``body`` every run reaches, in order, into ``out`` (a ``try``'s body
    and ``finally``, a ``with``'s block); False where a statement that is none of those
    holds a statement named later (checked by the caller: ``out`` misses it)."""
    for stmt in body:
        kind = type(stmt)
        if kind is cst.SimpleStatementLine:
            out.append(stmt)
        elif kind is cst.With:
            _straight(cast(cst.IndentedBlock, cast(cst.With, stmt).body).body, out)
        elif kind is cst.Try:
            t = cast(cst.Try, stmt)
            _straight(cast(cst.IndentedBlock, t.body).body, out)
            if t.finalbody is not None:
                _straight(cast(cst.IndentedBlock, t.finalbody.body).body, out)
    return True


def _follow(
    index: SyntaxIndex,
    module: cst.CSTNode,
    plan: Plan,
    thread: str,
    fn: cst.FunctionDef,
    start: cst.Call,
    syncs: Mapping[str, str],
    uses: Mapping[str, int],
) -> None:
    if type(fn.body) is not cst.IndentedBlock:
        return
    body = cast(cst.Module, module).body
    # the target's phases, cut at its waits
    segments: list[list[cst.BaseStatement]] = [[]]
    waits: list[str] = []  # the name each phase after the first waited on
    sets: list[tuple[str, int]] = []  # (event, the phase setting it)
    named: dict[str, int] = {}
    for stmt in fn.body.body:
        found = _sync_call(stmt, syncs)
        if found is not None and found[1] == "wait":
            waits.append(found[0])
            segments.append([])
            named[found[0]] = named.get(found[0], 0) + 1
            continue
        if found is not None and found[1] == "set" and syncs[found[0]] == "threading.Event":
            sets.append((found[0], len(segments) - 1))
            named[found[0]] = named.get(found[0], 0) + 1
            continue
        segments[-1].append(stmt)
    if not waits:
        return
    for stmt in (s for seg in segments for s in seg):
        for node in own_nodes(stmt):
            kind = type(node)
            if kind is cst.Return or kind is cst.Global or kind is cst.Nonlocal:
                return
            if kind is cst.Name and cast(cst.Name, node).value in syncs:
                return  # (a barrier or event named otherwise)
    # the starter: the body holding ``t.start()``, its statements every run reaches
    scope = _scope_of(index, module, start)
    if scope is None:
        return
    straight: list[cst.BaseStatement] = []
    _straight(scope, straight)
    calls: list[tuple[str, str, cst.Call]] = []
    marks = {**syncs, thread: "thread"}
    for stmt in straight:
        found = _sync_call(stmt, marks)
        if found is not None:
            calls.append(found)
    counted: dict[str, int] = {}
    for name, _, _ in calls:
        counted[name] = counted.get(name, 0) + 1
    for name in {*waits, *(s for s, _ in sets)}:
        if uses.get(name, 0) != 1 + named.get(name, 0) + counted.get(name, 0):
            return  # (named by another body, or by the starter otherwise)
    kinds = [(n, m) for n, m, _ in calls]
    if kinds.count((thread, "start")) != 1 or kinds.count((thread, "join")) != 1:
        return
    first = kinds.index((thread, "start"))
    last = kinds.index((thread, "join"))
    if last < first:
        return
    # the starter's statement each phase runs after, in order
    points: list[int] = [first]
    at = first
    passed: dict[str, int] = {}
    for name in waits:
        wanted = "wait" if syncs[name] == "threading.Barrier" else "set"
        at = next((i for i in range(at + 1, last) if kinds[i] == (name, wanted)), -1)
        if at < 0:
            return
        passed[name] = passed.get(name, 0) + 1
        points.append(at)
    for name, what in syncs.items():  # every barrier wait of the starter met by one of ``f``
        if what == "threading.Barrier" and name in waits:
            if sum(1 for i in range(len(kinds)) if kinds[i] == (name, "wait")) != passed[name]:
                return
    for event, k in sets:  # set before the starter waits for it
        waited = [i for i in range(len(kinds)) if kinds[i] == (event, "wait")]
        if any(w <= points[k] for w in waited):
            return
    bound: list[str] = []
    for k, segment in enumerate(segments):
        held = tuple(bound)
        own = rebound(_plain(fn, segment))
        bound = sorted(set(bound) | own)
        if set(bound) & _params(fn):
            return
        # (a held name the phase does not bind stays as the starter holds it)
        last = k == len(segments) - 1
        kept = () if last else tuple(sorted(own))
        made = _part(fn, segment, held, kept) if segment else None
        extras: tuple[str, ...] = ()
        if made is not None:
            read = frozenset(free_names(made) - rebound(made))
            extras = tuple(sorted(module_values(body, read))) if read else ()
            if extras and scope is not body and ctx_rebinds(scope, extras):
                extras = ()  # (the starter's own names are not the module's: not given)
            added = [cst.Param(cst.Name(n)) for n in extras]
            params = made.params
            made = made.with_changes(params=params.with_changes(params=[*params.params, *added]))
        phase = Phase(thread, start, made, k, held, kept, last, extras)
        plan.after.setdefault(id(calls[points[k]][2]), []).append(phase)
    plan.started.add(id(calls[first][2]))


def ctx_rebinds(scope: Sequence[cst.BaseStatement], names: tuple[str, ...]) -> bool:
    """A statement of ``scope`` (nested ones included) binds one of ``names`` again."""
    return any(n in names for stmt in scope for n in bound_names(stmt) if stmt is not None)


def _params(fn: cst.FunctionDef) -> set[str]:
    p = fn.params
    every = [*p.posonly_params, *p.params, *p.kwonly_params]
    for star in (p.star_arg, p.star_kwarg):
        if type(star) is cst.Param:
            every.append(star)
    return {q.name.value for q in every}


def _plain(fn: cst.FunctionDef, stmts: list[cst.BaseStatement]) -> cst.FunctionDef:
    block = cst.ensure_type(fn.body, cst.IndentedBlock).with_changes(body=stmts or [_PASS])
    return fn.with_changes(body=block)


_PASS = cst.SimpleStatementLine([cst.Pass()])


def _part(
    fn: cst.FunctionDef,
    stmts: list[cst.BaseStatement],
    held: tuple[str, ...],
    kept: tuple[str, ...],
) -> cst.FunctionDef:
    """``fn`` as a plain function of ``stmts``, taking ``held`` after its own parameters and
    returning ``kept``."""
    body = list(stmts)
    if kept:
        value = cst.Tuple([cst.Element(cst.Name(n)) for n in kept])
        body.append(cst.SimpleStatementLine([cst.Return(value)]))
    part = _plain(fn, body)
    params = part.params
    added = [cst.Param(cst.Name(n)) for n in held]
    if added and (params.star_arg != cst.MaybeSentinel.DEFAULT or params.kwonly_params):
        added = []  # (not reached: such targets are not followed by ``threads`` either)
    return part.with_changes(params=params.with_changes(params=[*params.params, *added]))


def _scope_of(
    index: SyntaxIndex, module: cst.CSTNode, call: cst.Call
) -> Sequence[cst.BaseStatement] | None:
    """The statements of the body (the module's or a function's) whose own code holds
    ``call``."""
    mod = cast(cst.Module, module)
    if any(n is call for n in own_nodes(mod)):
        return mod.body
    for node in index.nodes(module):
        if type(node) is cst.FunctionDef:
            if any(n is call for n in own_nodes(node.body)):
                return cast(cst.IndentedBlock, node.body).body
    return None
