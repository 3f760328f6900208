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
(silence)."""

from __future__ import annotations

from collections.abc import Callable

import libcst as cst

from tilecheck.host.coroutines import awaited_name
from tilecheck.host.frame import CLOSURES
from tilecheck.host.model import NOTHING, flatten
from tilecheck.host.parameter_index import rebound
from tilecheck.host.running import Running
from tilecheck.syntax.walk import own_nodes

TASKS = " tasks"  # the env key of what started tasks hold (their suspended locals)

# creating a task of a coroutine (it starts at the creator's next suspension)
CREATE = frozenset({"asyncio.create_task", "asyncio.ensure_future"})
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
    if not prefix:
        return None
    block = fn.body.with_changes(body=prefix)
    plain = fn.with_changes(asynchronous=None, decorators=(), body=block)
    names = sorted(rebound(plain))
    kept = cst.Tuple([cst.Element(cst.Name(n)) for n in names]) if names else cst.Name("None")
    ret = cst.SimpleStatementLine([cst.Return(kept)])
    return plain.with_changes(body=block.with_changes(body=[*prefix, ret]))


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
        if isinstance(n, cst.IndentedBlock):
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
    for call in (*starts, *gathered):
        _start(analysis, call)
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


def _start(analysis: Running, call: cst.Call) -> None:
    """The task of ``call`` runs up to its first suspension: what its locals hold then is
    the task's (``TASKS``)."""
    name = _own(analysis, call.func)
    if name is None:
        return
    summary = analysis.ctx.summary_for(task_name(name))
    if summary is None:
        fn = _module_def(analysis, name)
        if fn is None or not never_suspends(fn):
            return
        summary = analysis.ctx.summary_for(awaited_name(name))  # all of it, at once
        if summary is None:
            return
    held = flatten(analysis.call_summary(call, summary, None))
    if held:
        analysis.close_over(held)  # (run and waited for TC105/TC108: the task's to do)
        closures = analysis.env.get(CLOSURES, NOTHING)  # (released at the next suspension)
        analysis.set_env(CLOSURES, closures - held or None)
        analysis.set_env(TASKS, analysis.env.get(TASKS, NOTHING) | held)
