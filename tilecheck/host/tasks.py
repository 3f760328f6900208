"""asyncio tasks, started where the runtime starts them (round 20C).

``asyncio.create_task(f(...))`` (or ``ensure_future``) of an ``async def`` of the module does
not run ``f``: the event loop starts the task at its creator's next suspension, and runs its
body up to the body's first ``await``; ``asyncio.gather(f(...), g(...))`` starts its
coroutines in order, each up to its first ``await``, before any of them resumes. That part
of the order is asyncio's, the same on every run, so it is checked: ``f``'s leading
statements (those before the first one that may suspend, ``task_prefix``) run there as a
function whose summary is applied with the arguments written at the ``create_task``, its
locals kept as what the suspended task holds (``TASKS``): a Pending it submitted stays in
flight while the creator goes on, up to the creator's next ``await`` that may suspend, where
the task may resume and wait it (everything it holds then escapes: nothing past a task's
first ``await`` is followed, nor what a gather's coroutines do after theirs).

Only where the order is certain: the creator is an ``async def`` with no ``async for``,
``async with`` or ``yield``; a task starts at an ``await`` statement of the same block as its
``create_task`` statement (the statements between them neither suspend nor name the task)
that certainly suspends (``asyncio.sleep``, ``gather``, ``wait``, ``wait_for``, a task
made here); a task the block leaves before such an ``await`` is never started here
(silence).

Round 21I: a gathered coroutine whose first statement is ``await asyncio.sleep(0)`` resumes
before any that sleeps a positive time (a timer's callback is queued after the ready tasks):
where every gathered coroutine first suspends at ``asyncio.sleep(<number>)`` (or never) and
no task started before, those parts after the ``sleep(0)`` run in order up to their next
suspension (``resume f``) while the others hold what they submitted. A part that reads
values the module binds once (``name = value`` at top level, bound nowhere else there, in no
``global``) takes them as parameters its caller passes (``... with globals``), so a
Pending on a module tensor is the caller's tensor, not one of its own."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import libcst as cst

from tilecheck.host.coroutines import awaited_name
from tilecheck.host.frame import CLOSURES
from tilecheck.host.library_spec import Does, named
from tilecheck.host.model import NOTHING, Kind, Packed, Value, flatten
from tilecheck.host.parameter_index import bound_names, rebound
from tilecheck.host.running import Running
from tilecheck.host.scopes import free_names
from tilecheck.host.summary import Summary
from tilecheck.host.task_gates import awaited_name as awaited_in
from tilecheck.host.task_gates import gate, given_names, is_event, sets_and_clears
from tilecheck.syntax.walk import own_nodes

TASKS = " tasks"  # the env key of what started tasks hold (their suspended locals)

# creating a task of a coroutine (it starts at the creator's next suspension)
CREATE = named(Does.STARTS_TASK)
GATHER = "asyncio.gather"
# awaited calls that certainly suspend the creator (the loop runs the ready tasks)
_SUSPEND = frozenset({"asyncio.sleep", GATHER, "asyncio.wait", "asyncio.wait_for"})

Canonical = Callable[[cst.BaseExpression], str | None]


def task_name(name: str) -> str:
    """The summary name of the part of the ``async def`` ``name`` a task runs first."""
    return f"task {name}"


def _suspends(node: cst.CSTNode) -> bool:
    """``node`` (a statement) may suspend its coroutine: it awaits or is ``async``."""
    for n in own_nodes(node):
        kind = type(n)
        if kind is cst.Await:
            return True
        if (kind is cst.For or kind is cst.With) and _asynchronous(n):
            return True
    return False


def _asynchronous(node: cst.CSTNode) -> bool:
    """An ``async for`` or ``async with``."""
    return isinstance(node, (cst.For, cst.With)) and node.asynchronous is not None


def task_prefix(fn: cst.FunctionDef) -> cst.FunctionDef | None:
    """A plain function of ``fn``'s statements before the first that may suspend, returning
    the names they bind (what the suspended task holds); None where no statement suspends
    (the whole body runs at once: ``await`` of it) or the first one does."""
    if type(fn.body) is not cst.IndentedBlock:
        return None
    body = fn.body.body
    prefix: list[cst.BaseStatement] = []
    for stmt in body:
        if _suspends(stmt):
            break
        prefix.append(stmt)
    else:
        return None
    return _holding(fn, prefix) if prefix else None


def globals_name(name: str) -> str:
    """The summary name of the part ``name`` taking the module values it reads."""
    return f"{name} with globals"


def resume_name(name: str) -> str:
    """The summary name of what a task of ``name`` runs after its opening ``sleep(0)``."""
    return f"resume {name}"


def _plain(fn: cst.FunctionDef, stmts: list[cst.BaseStatement]) -> cst.FunctionDef:
    """``fn`` as a plain function of ``stmts``."""
    block = cst.ensure_type(fn.body, cst.IndentedBlock).with_changes(body=stmts)
    return fn.with_changes(asynchronous=None, decorators=(), body=block)


def _holding(fn: cst.FunctionDef, stmts: list[cst.BaseStatement]) -> cst.FunctionDef:
    """``fn`` as a plain function of ``stmts`` returning the names they bind (what a task
    suspended after them holds)."""
    names = sorted(rebound(_plain(fn, stmts)))
    kept = cst.Tuple([cst.Element(cst.Name(n)) for n in names]) if names else cst.Name("None")
    return _plain(fn, [*stmts, cst.SimpleStatementLine([cst.Return(kept)])])


def _sleep(stmt: cst.CSTNode) -> cst.Call | None:
    """The call of a statement ``await asyncio.sleep(...)`` (by its written name)."""
    small = _small(stmt)
    awaited = _awaited(small) if small is not None else None
    inner = awaited.expression if awaited is not None else None
    if type(inner) is not cst.Call or type(inner.func) is not cst.Attribute:
        return None
    func = inner.func
    if type(func.value) is not cst.Name or func.value.value != "asyncio":
        return None
    return inner if func.attr.value == "sleep" else None


def _delay(call: cst.Call) -> float | None:
    """The literal delay of ``sleep(delay)``, if written as a number."""
    if len(call.args) != 1 or call.args[0].keyword is not None or call.args[0].star:
        return None
    value = call.args[0].value
    if type(value) is cst.Integer or type(value) is cst.Float:
        return float(value.evaluated_value)
    return None


def task_resumed(fn: cst.FunctionDef) -> cst.FunctionDef | None:
    """For an ``async def`` whose first statement is ``await asyncio.sleep(0)`` (or ``await
    e.wait()``, round 22M): a plain function of the statements after it, up to the next that
    may suspend (then returning the names they bind, what the task holds there), or to its
    end; None otherwise."""
    if type(fn.body) is not cst.IndentedBlock or not fn.body.body:
        return None
    body = fn.body.body
    first = _sleep(body[0])
    if (first is None or _delay(first) != 0) and gate(body[0]) is None:
        return None
    rest: list[cst.BaseStatement] = []
    for stmt in body[1:]:
        if _suspends(stmt):
            return _holding(fn, rest)
        rest.append(stmt)
    return _plain(fn, rest) if rest else None


def module_values(body: Sequence[cst.BaseStatement], wanted: frozenset[str]) -> frozenset[str]:
    """Those of ``wanted`` the module's top-level statements bind once, by ``name = value``
    (nothing else in the module binds them). The whole module is walked only where one of
    ``wanted`` is so assigned."""
    assigned: set[str] = set()
    for stmt in body:
        small = _small(stmt)
        if type(small) is cst.Assign and len(small.targets) == 1:
            target = small.targets[0].target
            if type(target) is cst.Name and target.value in wanted:
                assigned.add(target.value)
    if not assigned:
        return frozenset()
    counts: dict[str, int] = {}
    for stmt in body:
        for name in bound_names(stmt):  # (nested scopes' too: more is safe)
            if name in assigned:
                counts[name] = counts.get(name, 0) + 1
    return frozenset(n for n in assigned if counts.get(n) == 1)


def with_globals(
    part: cst.FunctionDef, body: Sequence[cst.BaseStatement]
) -> cst.FunctionDef | None:
    """``part`` taking the module values it reads (bound once at top level, never bound in
    it) as parameters after its own, so the caller passes the objects its globals hold;
    None where it reads none."""
    params = part.params
    if any(p.default is not None for p in params.params) or params.kwonly_params:
        return None  # (the extras after a default: no valid signature, round 38K)
    if params.star_arg is not cst.MaybeSentinel.DEFAULT or params.star_kwarg is not None:
        return None
    read = frozenset(free_names(part) - rebound(part))
    extras = sorted(module_values(body, read)) if read else []
    if not extras:
        return None
    added = [cst.Param(cst.Name(n)) for n in extras]
    return part.with_changes(params=part.params.with_changes(params=[*part.params.params, *added]))


def task_starts(fn: cst.FunctionDef, canonical: Canonical) -> dict[int, tuple[cst.Call, ...]]:
    """The ``await`` expressions of ``fn`` (by id) where tasks it created start, with the
    coroutine calls those tasks run (in creation order); ``{}`` where the order is not
    certain (``fn`` is no coroutine, or has ``async for``/``async with``/``yield``)."""
    if fn.asynchronous is None:
        return {}
    blocks: list[cst.IndentedBlock] = []
    for n in own_nodes(fn.body):
        kind = type(n)
        if kind is cst.Yield or ((kind is cst.For or kind is cst.With) and _asynchronous(n)):
            return {}
        if type(n) is cst.IndentedBlock:  # (exact types: libcst's ``isinstance`` is slow)
            blocks.append(n)
    out: dict[int, tuple[cst.Call, ...]] = {}
    for block in blocks:
        pending: list[tuple[cst.Call, str | None]] = []
        for stmt in block.body:
            small = _small(stmt)
            made = _created(small, canonical) if small is not None else None
            if made is not None:
                pending.append(made)
                continue
            awaited = _awaited(small) if small is not None else None
            if pending and awaited is not None and _certain(awaited, pending, canonical):
                out[id(awaited)] = tuple(call for call, _ in pending)
                pending = []
            elif pending and (_suspends(stmt) or _names_any(stmt, pending)):
                pending = []  # it may start them, or touches them: not followed
    return out


def _small(stmt: cst.CSTNode) -> cst.BaseSmallStatement | None:
    if type(stmt) is not cst.SimpleStatementLine or len(stmt.body) != 1:
        return None
    return stmt.body[0]


def _value(small: cst.BaseSmallStatement) -> cst.BaseExpression | None:
    kind = type(small)
    if kind is cst.Expr or kind is cst.Assign or kind is cst.AnnAssign:
        return small.value  # type: ignore[attr-defined,no-any-return]
    return None


def _created(
    small: cst.BaseSmallStatement, canonical: Canonical
) -> tuple[cst.Call, str | None] | None:
    """``t = asyncio.create_task(f(...))`` (or a bare one): the coroutine call, ``t``."""
    value = _value(small)
    if type(value) is not cst.Call or len(value.args) != 1 or value.args[0].keyword:
        return None
    inner = value.args[0].value
    if type(inner) is not cst.Call or type(inner.func) is not cst.Name:
        return None
    if canonical(value.func) not in CREATE:
        return None
    target: str | None = None
    if type(small) is cst.Assign:
        if len(small.targets) != 1 or type(small.targets[0].target) is not cst.Name:
            return None
        target = small.targets[0].target.value
    elif type(small) is cst.AnnAssign:
        if type(small.target) is not cst.Name:
            return None
        target = small.target.value
    return inner, target


def _awaited(small: cst.BaseSmallStatement) -> cst.Await | None:
    value = _value(small)
    return value if type(value) is cst.Await else None


def _certain(
    awaited: cst.Await, pending: list[tuple[cst.Call, str | None]], canonical: Canonical
) -> bool:
    """``awaited`` suspends its coroutine on every run: a sleep, gather, wait, or a task
    created here."""
    inner = awaited.expression
    if type(inner) is cst.Name:
        return any(target == inner.value for _, target in pending)
    return type(inner) is cst.Call and canonical(inner.func) in _SUSPEND


def _names_any(stmt: cst.CSTNode, pending: list[tuple[cst.Call, str | None]]) -> bool:
    targets = {t for _, t in pending if t is not None}
    return bool(targets) and any(
        isinstance(n, cst.Name) and n.value in targets for n in own_nodes(stmt)
    )


def never_suspends(fn: cst.FunctionDef) -> bool:
    """Awaiting ``fn(...)`` runs all of it without giving the loop a turn."""
    return not any(_suspends(stmt) for stmt in fn.body.body)


# -- in a body's analysis ---------------------------------------------------------------------
def before_await(analysis: Running, expr: cst.Await) -> None:
    """An ``await`` that may suspend: the started tasks may resume (and wait what they hold)."""
    if TASKS in analysis.env and not _stays(analysis, expr.expression):
        release(analysis)


def after_await(analysis: Running, expr: cst.Await, starts: tuple[cst.Call, ...]) -> None:
    """The tasks that start at ``expr`` (``starts``, then a gather's coroutines) run their
    first part here, in order; what they hold is kept past a sleep, let go otherwise (the
    awaited gather, wait or task may have finished them)."""
    inner = expr.expression
    canonical = analysis.ctx.callee(inner.func).canonical if type(inner) is cst.Call else None
    gathered: tuple[cst.Call, ...] = ()
    if canonical == GATHER and type(inner) is cst.Call:
        args = inner.args
        if all(type(a.value) is cst.Call and not a.keyword and not a.star for a in args):
            gathered = tuple(a.value for a in args)  # type: ignore[misc]
    if not starts and not gathered:
        return
    for call in starts:
        _start(analysis, call)
    if starts:
        for call in gathered:
            _start(analysis, call)
    else:
        _resume(analysis, gathered, _start_gathered(analysis, inner, gathered))
    if canonical != "asyncio.sleep":
        release(analysis)


def release(analysis: Running) -> None:
    held = analysis.env.get(TASKS)
    if held:
        analysis.set_env(TASKS, None)
        analysis.escape(held)


def _module_def(analysis: Running, name: str) -> cst.FunctionDef | None:
    reads = analysis.ctx.global_reads()
    found = reads.code.functions.get(name) if reads is not None else None
    return found[0] if found is not None else None


def _own(analysis: Running, func: cst.BaseExpression) -> str | None:
    """The name of the module's function ``func`` calls, if not a name this body binds."""
    if type(func) is not cst.Name or func.value in analysis.env:
        return None
    return None if func.value in analysis.parameters else func.value


def _stays(analysis: Running, awaited: cst.BaseExpression) -> bool:
    """Awaiting ``awaited`` never gives the loop a turn: a coroutine of the module that
    never suspends."""
    name = _own(analysis, awaited.func) if type(awaited) is cst.Call else None
    fn = _module_def(analysis, name) if name is not None else None
    return fn is not None and fn.asynchronous is not None and never_suspends(fn)


def _start(analysis: Running, call: cst.Call) -> Value | None:
    """The task of ``call`` runs up to its first suspension: what its locals hold then is
    the task's (``TASKS``); the value of its part (None where not followed)."""
    name = _own(analysis, call.func)
    if name is None:
        return None
    part = task_name(name)
    summary = analysis.ctx.summary_for(part)
    if summary is None:
        fn = _module_def(analysis, name)
        if fn is None or not never_suspends(fn):
            return None
        part = awaited_name(name)
        summary = analysis.ctx.summary_for(part)  # all of it, at once
        if summary is None:
            return None
    saved = analysis.awaited_call
    analysis.awaited_call = call  # (its first part runs here: the globals it reads then)
    try:
        return _hold(analysis, call, summary, part)
    finally:
        analysis.awaited_call = saved


def _hold(analysis: Running, call: cst.Call, summary: Summary, part: str) -> Value:
    """``summary`` (the part ``part`` of a task) run at ``call``; what it holds is the task's."""
    value = _run(analysis, call, summary, part)
    held = flatten(value)
    if held:
        analysis.close_over(held)  # (run and waited for TC105/TC108: the task's to do)
        closures = analysis.env.get(CLOSURES, NOTHING)  # (released at the next suspension)
        analysis.set_env(CLOSURES, closures - held or None)
        analysis.set_env(TASKS, analysis.env.get(TASKS, NOTHING) | held)
    return value


def _start_gathered(
    analysis: Running, gather: cst.BaseExpression, gathered: tuple[cst.Call, ...]
) -> dict[int, Value]:
    """The gathered coroutines start in order (``_start``); one whose first statement is
    ``await e.wait()`` of an ``asyncio.Event`` an earlier one's first part certainly set
    runs on past it (``resume f``, round 22M). The values of the first parts, by call."""
    events: frozenset[str] = frozenset()  # the creator's names of events set by now
    started: dict[int, Value] = {}
    for call in gathered:
        name = _own(analysis, call.func)
        fn = _module_def(analysis, name) if name is not None else None
        body = _statements(fn) if fn is not None and fn.asynchronous is not None else ()
        opening = gate(body[0]) if body else None
        if opening is None and not _setting(body):
            value = _start(analysis, call)
            if value is not None:
                started[id(call)] = value
            continue
        assert fn is not None and name is not None
        given = given_names(fn, call)
        summary = analysis.ctx.summary_for(resume_name(name)) if opening is not None else None
        if opening in given and given[opening] in events and summary is not None:
            scope = analysis.scope_node
            canonical = lambda f: analysis.ctx.callee(f).canonical  # noqa: E731
            if scope is not None and is_event(scope, given[opening], canonical, gather):
                _hold(analysis, call, summary, resume_name(name))
                set_, cleared = sets_and_clears(_before_suspension(body[1:]), given)
                events = (events | set_) - cleared
                continue
        value = _start(analysis, call)
        if value is not None:
            started[id(call)] = value
        set_, cleared = sets_and_clears(_before_suspension(body), given)
        events = (events | set_) - cleared
    return started


def _statements(fn: cst.FunctionDef) -> Sequence[cst.BaseStatement]:
    block = fn.body
    return block.body if isinstance(block, cst.IndentedBlock) else ()


def _setting(body: Sequence[cst.BaseStatement]) -> bool:
    """A statement of the coroutine's first part calls some ``.set()`` (cheap: the first
    lines only)."""
    for stmt in _before_suspension(body):
        for node in own_nodes(stmt):
            if type(node) is cst.Attribute and node.attr.value == "set":
                return True
    return False


def _before_suspension(body: Sequence[cst.BaseStatement]) -> list[cst.BaseStatement]:
    out: list[cst.BaseStatement] = []
    for stmt in body:
        if _suspends(stmt):
            break
        out.append(stmt)
    return out


def _quiet(analysis: Running, fn: cst.FunctionDef, value: Value | None) -> bool:
    """The coroutine ``fn``, resumed after its first suspension, next awaits a Pending or op
    its first part made (``value``: its locals): it waits in an executor thread, releasing
    nothing on the loop's thread before the other ready coroutines run (round 22M)."""
    body = _statements(fn)
    prefix = _before_suspension(body)
    index = len(prefix)
    name = awaited_in(body[index + 1]) if index + 1 < len(body) else None
    if name is None or type(value) is not Packed:
        return False
    names = sorted(rebound(_plain(fn, prefix)))
    if name not in names or len(names) != len(value.items):
        return False
    oids = flatten(value.items[names.index(name)])
    infos = analysis.infos
    return bool(oids) and all(infos[o].kind in (Kind.PENDING, Kind.OP) for o in oids)


def _first_delay(analysis: Running, fn: cst.FunctionDef) -> tuple[float, bool] | None:
    """Where the coroutine ``fn`` first suspends, when it is ``await asyncio.sleep(n)`` with
    ``n`` a number: ``n``, and whether that is its first statement; ``(-1, False)`` where it
    never suspends (it ran whole); None otherwise (what runs first after it is unknown)."""
    for index, stmt in enumerate(fn.body.body):
        if _suspends(stmt):
            call = _sleep(stmt)
            if call is None or analysis.ctx.callee(call.func).canonical != "asyncio.sleep":
                return None
            delay = _delay(call)
            return None if delay is None or delay < 0 else (delay, index == 0)
    return (-1.0, False)


def _resume(analysis: Running, gathered: tuple[cst.Call, ...], started: dict[int, Value]) -> None:
    """The gathered coroutines that gave the loop a turn by ``await asyncio.sleep(0)`` as
    their first statement resume, in order, before any that sleeps longer (a timer's callback
    is queued after the ready ones): where every gathered coroutine of the module first
    suspends at such a sleep (or never), their parts after it run here, while what the
    others hold stays held (``TASKS``)."""
    resumed: list[tuple[cst.Call, str]] = []
    for call in gathered:
        name = _own(analysis, call.func)
        fn = _module_def(analysis, name) if name is not None else None
        if name is None or fn is None or fn.asynchronous is None:
            return
        found = _first_delay(analysis, fn)
        if found is None:
            return  # unknown
        if found[0] == 0 and not found[1]:
            if not _quiet(analysis, fn, started.get(id(call))):
                return  # a part before the sleep(0) whose resumption is not followed
            continue  # (it holds what its first part made, as before)
        if found[0] == 0:
            resumed.append((call, name))
    for call, name in resumed:
        summary = analysis.ctx.summary_for(resume_name(name))
        if summary is None:
            return
        _hold(analysis, call, summary, resume_name(name))


def _run(analysis: Running, call: cst.Call, summary: Summary, name: str) -> Value:
    """``summary`` (a part of a task) applied at ``call``; where the part reads values the
    module binds once that the caller sees as its globals too (it binds none of them, no
    scope declares them ``global``), the objects those names hold are passed to it."""
    given = analysis.ctx.summary_for(globals_name(name))
    if given is not None:
        extras = given.names[len(summary.names) :]
        scope = analysis.scope_node
        local = rebound(scope) if scope is not None else frozenset()
        if not any(
            e in local or e in analysis.parameters or e in analysis.ctx.rebindable for e in extras
        ):
            analysis.given_too[call] = tuple(cst.Arg(cst.Name(e)) for e in extras)
            try:
                return analysis.call_summary(call, given, None)
            finally:
                del analysis.given_too[call]
    return analysis.call_summary(call, summary, None)
