"""What a stack of exits (``library_spec``: ``EXIT_STACK``, ``contextlib.ExitStack``) does
with what its ``with`` block registers (issue 17, round 30L).

``with ExitStack() as stack:`` runs, when its block is left, what the block registered on
``stack``, last first: ``stack.callback(f, *args)`` (``AT_EXIT``) calls ``f(*args)`` there;
``stack.enter_context(cm)`` (``ENTERS``) enters ``cm`` where it is written (its value is what
``with cm as x`` binds) and leaves it there. Followed where every registration is certain:
each is a statement of its own in the block itself (no branch or loop around it), the block
names the stack nowhere else (it is not handed on, popped or closed), and no statement before
the last registration may leave the block (``return``, ``break``, ``continue``, ``raise``). A
registered call runs at the exit as a call written there (a finding shown at the ``with``);
the function and arguments are evaluated where registered, so names they read must not be
bound again in the block after it (a lambda of no parameters reads its names at the exit: its
body is evaluated there). ``enter_context`` is followed for a graph capture (``tr.graph()``):
the statements after it are inside that capture (TC111 there, as in ``with tr.graph()``).
Anything else (a stack named otherwise, a registration in a branch, another manager entered)
is left as before: an unknown call that may do anything with what it is given."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Protocol, cast

import libcst as cst

from tilecheck.flow.cfg import Element
from tilecheck.host import api
from tilecheck.host.context import Context
from tilecheck.host.library_spec import STACK_METHODS, STARTS, Does, methods, named
from tilecheck.host.model import NOTHING, Oids, Value
from tilecheck.host.property_reads import lowered_from
from tilecheck.syntax.index import SyntaxIndex
from tilecheck.syntax.nodes import path_of, target_names


class BodyAnalysis(Protocol):
    """What of a body's analysis a stack's registrations and exit use (the analysis's classes
    import this module: imports go one way)."""

    @property
    def ctx(self) -> Context: ...

    @property
    def element(self) -> Element | None: ...

    def ev(self, expr: cst.BaseExpression) -> Value: ...

    def escape(self, value: Value) -> None: ...

    def bind_name(self, name: str, value: Value) -> None: ...

    def set_env(self, name: str, oids: Oids | None) -> None: ...


_STACKS = named(Does.EXIT_STACK)
_GROUPS = named(Does.TASK_GROUP)
_AT_EXIT = methods(Does.AT_EXIT)
_ENTERS = methods(Does.ENTERS)
_STARTS = methods(Does.STARTS_TASK)
METHODS = STACK_METHODS | STARTS  # the cheap syntactic gate at a call
_JUMPS = (cst.Return, cst.Break, cst.Continue, cst.Raise)


class Stack:
    """A ``with`` item's stack: its registrations (by call id: the manager entered, or None
    for a callback), what runs at its exit (in order), the graph capture an ``enter_context``
    opens and the ids of the nodes after it (a plain class: a dataclass would compile its
    methods at every start of the checker)."""

    __slots__ = ("capture", "captured", "exits", "held", "registered")

    def __init__(
        self,
        registered: dict[int, cst.BaseExpression | None],
        exits: tuple[cst.BaseExpression, ...],
        capture: cst.Call | None,
        captured: frozenset[int],
        held: dict[int, _Held],
    ) -> None:
        self.registered = registered
        self.exits = exits
        self.capture = capture
        self.captured = captured
        # by a callback's registration: the parts of it Python evaluates there (a bound
        # method's receiver, an argument) that are no access path, each held by a name of its
        # own until the exit reads it
        self.held = held


# (a name the exit's call reads, the expression evaluated at the registration)
_Held = tuple[tuple[str, cst.BaseExpression], ...]
_HELD = "_exit_held_"


def registered(an: BodyAnalysis, call: cst.Call, method: str) -> Value | None:
    """``stack.callback(...)``/``stack.enter_context(cm)`` of a followed stack: nothing runs
    now (a callback) or ``cm`` is entered (its value); None where not followed."""
    element = an.element
    receiver = call.func.value if type(call.func) is cst.Attribute else None
    if element is None or type(receiver) is not cst.Name:
        return None
    for item in reversed(element.withs):
        asname = item.asname
        if asname is None or type(asname.name) is not cst.Name:
            continue
        if asname.name.value != receiver.value:
            continue
        if method in _STARTS:
            return _started(an, item, call)
        stack = _stack(an, item)
        if stack is None or id(call) not in stack.registered:
            return None
        entered = stack.registered[id(call)]
        if entered is None:
            if method not in _AT_EXIT:
                return None
            for name, part in stack.held.get(id(call), ()):
                an.bind_name(name, an.ev(part))  # (evaluated here, read at the exit)
            return NOTHING
        capture = stack.capture
        return an.ev(capture) if capture is not None and capture is entered else None
    return None


def _started(an: BodyAnalysis, item: cst.WithItem, call: cst.Call) -> Value | None:
    """``tg.create_task(f(...))`` of a followed group: the task runs here, whole (its
    ``result()`` is the value)."""
    group = _group(an, item)
    coro = group.get(id(call)) if group is not None else None
    if coro is None:
        return None
    return an.ev(lowered_from(call, cst.Await(coro)))


def task_result(an: BodyAnalysis, call: cst.Call) -> Value | None:
    """``t.result()`` of a task ``t = tg.create_task(...)`` of a followed group, ``t`` bound
    nowhere else in the module: what the task's coroutine returned (``t``'s value)."""
    func = call.func
    module = an.ctx.module
    if call.args or type(func) is not cst.Attribute or module is None:
        return None
    receiver = func.value
    if type(receiver) is not cst.Name:
        return None
    item = an.ctx.index.fact(module, _task_names).get(receiver.value)
    if item is None or _group(an, item) is None:
        return None
    return an.ev(receiver)


def _group(an: BodyAnalysis, item: cst.WithItem) -> dict[int, cst.Call] | None:
    made = item.item
    if type(made) is not cst.Call or item.asname is None:
        return None
    module = an.ctx.module
    if module is None or an.ctx.callee(made.func).canonical not in _GROUPS:
        return None
    return an.ctx.index.fact(module, _groups).get(id(item))


def _groups(index: SyntaxIndex, module: cst.CSTNode) -> dict[int, dict[int, cst.Call]]:
    """Every ``async with X() as name:`` item of the module whose block is made only of
    ``[t =] name.create_task(f(...))`` statements, and ``for`` loops of them (nothing of the
    creator runs between two tasks' starts: each task may run whole where it is created, in
    order, as the group's exit would run them): each task's coroutine call, by the call."""
    found: dict[int, dict[int, cst.Call]] = {}
    for node in index.nodes(module):
        if type(node) is not cst.With or node.asynchronous is None:
            continue
        if len(node.items) != 1 or type(node.body) is not cst.IndentedBlock:
            continue
        item = node.items[0]
        asname = item.asname
        if type(item.item) is cst.Call and asname is not None and type(asname.name) is cst.Name:
            started: dict[int, cst.Call] = {}
            if _only_starts(index, node.body.body, asname.name.value, started) and started:
                found[id(item)] = started
    return found


def _only_starts(
    index: SyntaxIndex,
    body: Sequence[cst.BaseStatement],
    name: str,
    started: dict[int, cst.Call],
) -> bool:
    for stmt in body:
        kind = type(stmt)
        if kind is cst.For:
            loop = cast(cst.For, stmt)
            if loop.asynchronous is not None or loop.orelse is not None:
                return False
            if type(loop.body) is not cst.IndentedBlock or _names(index, loop.iter, name):
                return False
            if not _only_starts(index, loop.body.body, name, started):
                return False
            continue
        call = _start(stmt, name)
        if call is None:
            return False
        started[id(call)] = cast(cst.Call, call.args[0].value)
    return True


def _start(stmt: cst.BaseStatement, name: str) -> cst.Call | None:
    """``[t =] name.create_task(f(...))``: a statement of its own, the coroutine a call."""
    if type(stmt) is not cst.SimpleStatementLine or len(stmt.body) != 1:
        return None
    small = stmt.body[0]
    if type(small) is cst.Assign:
        if len(small.targets) != 1 or type(small.targets[0].target) is not cst.Name:
            return None
    elif type(small) is not cst.Expr:
        return None
    value = small.value
    if type(value) is not cst.Call or type(value.func) is not cst.Attribute:
        return None
    func = value.func
    if type(func.value) is not cst.Name or func.value.value != name:
        return None
    if func.attr.value not in _STARTS or not value.args:
        return None
    first = value.args[0]
    if first.keyword or first.star or type(first.value) is not cst.Call:
        return None
    if any(a.keyword is None or a.star for a in value.args[1:]):
        return None  # (``name=``, ``context=`` only)
    return value


def _task_names(index: SyntaxIndex, module: cst.CSTNode) -> dict[str, cst.WithItem]:
    """The names ``t = tg.create_task(...)`` of a group's block binds, each bound nowhere
    else in the module, with the group's item."""
    named: dict[str, cst.WithItem] = {}
    once: dict[str, int] = {}
    for node in index.nodes(module):
        if type(node) is cst.With and node.asynchronous is not None and len(node.items) == 1:
            item = node.items[0]
            if item.asname is not None and type(item.asname.name) is cst.Name:
                if type(node.body) is cst.IndentedBlock:
                    _targets(node.body.body, item.asname.name.value, item, named)
        for bound in bound_by(node):
            once[bound] = once.get(bound, 0) + 1
    return {n: item for n, item in named.items() if once.get(n) == 1}


def _targets(
    body: Sequence[cst.BaseStatement], name: str, item: cst.WithItem, named: dict[str, cst.WithItem]
) -> None:
    for stmt in body:
        if type(stmt) is cst.For and type(stmt.body) is cst.IndentedBlock:
            _targets(stmt.body.body, name, item, named)
        elif _start(stmt, name) is not None:
            small = cast(cst.SimpleStatementLine, stmt).body[0]
            if type(small) is cst.Assign:
                named[cast(cst.Name, small.targets[0].target).value] = item


def left(an: BodyAnalysis, item: cst.WithItem) -> None:
    """``WITH_EXIT`` of a followed stack: its registered calls run, last first."""
    stack = _stack(an, item)
    if stack is not None:
        for node in stack.exits:
            an.escape(an.ev(node))
        for held in stack.held.values():
            for name, _ in held:
                an.bind_name(name, NOTHING)
                an.set_env(name, None)


def capture(an: BodyAnalysis, item: cst.WithItem) -> cst.Call | None:
    """The ``tr.graph()`` a followed stack entered before the current element, if any."""
    element = an.element
    stack = _stack(an, item)
    if stack is None or stack.capture is None or element is None:
        return None
    return stack.capture if id(element.node) in stack.captured else None


def followed(an: BodyAnalysis, item: cst.WithItem) -> bool:
    """A followed stack: it never swallows an exception (a callback's value is dropped, and
    a graph capture lets every exception go on)."""
    return _stack(an, item) is not None


def _stack(an: BodyAnalysis, item: cst.WithItem) -> Stack | None:
    made = item.item
    if type(made) is not cst.Call or item.asname is None:
        return None
    module = an.ctx.module
    if module is None or an.ctx.callee(made.func).canonical not in _STACKS:
        return None
    stack = an.ctx.index.fact(module, _stacks).get(id(item))
    if stack is None or stack.capture is None:
        return stack
    if an.ctx.callee(stack.capture.func).canonical != api.GRAPH:
        return None  # (another manager entered: the stack is not followed)
    return stack


def _stacks(index: SyntaxIndex, module: cst.CSTNode) -> dict[int, Stack]:
    """Every ``with X(...) as name:`` item of the module whose block registers on ``name``
    only as followed (the type of ``X`` is checked where the item is met)."""
    found: dict[int, Stack] = {}
    for node in index.nodes(module):
        if type(node) is not cst.With or type(node.body) is not cst.IndentedBlock:
            continue
        for item in node.items:
            asname = item.asname
            if type(item.item) is cst.Call and asname is not None:
                if type(asname.name) is cst.Name:
                    stack = _stack_of(index, item, node.body.body, asname.name.value)
                    if stack is not None:
                        found[id(item)] = stack
    return found


def _stack_of(
    index: SyntaxIndex,
    item: cst.WithItem,
    body: Sequence[cst.BaseStatement],
    name: str,
) -> Stack | None:
    registered: dict[int, cst.BaseExpression | None] = {}
    held: dict[int, _Held] = {}
    exits: list[cst.BaseExpression] = []
    entered: cst.Call | None = None
    captured: set[int] = set()
    last = -1
    for i, stmt in enumerate(body):
        call = _registration(stmt, name)
        if call is None:
            if _names(index, stmt, name):
                return None  # (the stack handed on, popped, closed, or registered on in a branch)
            if entered is not None:
                captured.update(id(n) for n in index.nodes(stmt))
            continue
        method = call.func.attr.value  # type: ignore[attr-defined]
        last = i
        args = call.args
        if method in _ENTERS:
            if entered is not None or len(args) != 1 or args[0].keyword or args[0].star:
                return None
            if type(args[0].value) is not cst.Call:
                return None
            entered = args[0].value
            registered[id(call)] = entered
            continue
        run = _run_at_exit(index, item, call, body[i + 1 :])
        if run is None:
            return None
        registered[id(call)] = None
        exits.append(run[0])
        if run[1]:
            held[id(call)] = run[1]
    if last < 0 or any(_leaves(index, stmt) for stmt in body[:last]):
        return None
    return Stack(registered, tuple(reversed(exits)), entered, frozenset(captured), held)


def _registration(stmt: cst.BaseStatement, name: str) -> cst.Call | None:
    """``name.callback(...)``, ``x = name.enter_context(...)``: a statement of its own."""
    if type(stmt) is not cst.SimpleStatementLine or len(stmt.body) != 1:
        return None
    small = stmt.body[0]
    kind = type(small)
    if kind is cst.Expr or kind is cst.Assign or kind is cst.AnnAssign:
        value = small.value  # type: ignore[attr-defined]
    else:
        return None
    if type(value) is not cst.Call or type(value.func) is not cst.Attribute:
        return None
    func = value.func
    if type(func.value) is not cst.Name or func.value.value != name:
        return None
    if func.attr.value not in METHODS:
        return None
    if kind is cst.Assign and func.attr.value in _AT_EXIT:
        return None  # (a callback's value is the function: kept, it may be called again)
    return value


def _run_at_exit(
    index: SyntaxIndex, item: cst.WithItem, call: cst.Call, after: Sequence[cst.BaseStatement]
) -> tuple[cst.BaseExpression, _Held] | None:
    """What ``stack.callback(f, *args)`` runs at the exit: a lambda's body (no parameters,
    nothing given), or ``f(*args)`` where nothing they read at the exit is bound again after
    it. What Python evaluates at the registration and is no access path (the receiver of a
    bound method ``make().submit().wait``, an argument ``g(x)``) is evaluated there, held by
    a name of its own (``Stack.held``), and that name is read at the exit."""
    args = call.args
    if not args or args[0].keyword or args[0].star:
        return None
    func = args[0].value
    if type(func) is cst.Lambda:
        params = func.params
        plain = (*params.posonly_params, *params.params, *params.kwonly_params)
        if plain or params.star_kwarg or params.star_arg != cst.MaybeSentinel.DEFAULT:
            return None
        return (func.body, ()) if len(args) == 1 else None
    held: list[tuple[str, cst.BaseExpression]] = []
    if type(func) is cst.Attribute and path_of(func.value) is None:
        name = f"{_HELD}{id(call)}_0"
        held.append((name, func.value))
        func = func.with_changes(value=lowered_from(func.value, cst.Name(name)))
    given: list[cst.Arg] = []
    for i, arg in enumerate(args[1:], 1):
        value = arg.value
        if not _literal(value) and path_of(value) is None:
            name = f"{_HELD}{id(call)}_{i}"
            held.append((name, value))
            arg = arg.with_changes(value=lowered_from(value, cst.Name(name)))
        given.append(arg)
    kept = (func, *(a.value for a in given))
    read = {n.value for a in kept for n in index.nodes(a) if type(n) is cst.Name}
    if any(_binds(index, stmt) & read for stmt in after):
        return None
    return lowered_from(item, cst.Call(func, tuple(given))), tuple(held)


def _literal(value: cst.BaseExpression) -> bool:
    return type(value) in (cst.Integer, cst.Float, cst.SimpleString, cst.Imaginary)


def _names(index: SyntaxIndex, stmt: cst.CSTNode, name: str) -> bool:
    return any(type(n) is cst.Name and n.value == name for n in index.nodes(stmt))


def _leaves(index: SyntaxIndex, stmt: cst.BaseStatement) -> bool:
    return any(isinstance(n, _JUMPS) for n in index.nodes(stmt))


def _binds(index: SyntaxIndex, stmt: cst.BaseStatement) -> set[str]:
    """The names ``stmt`` binds (assignments, loop and ``with`` targets, definitions)."""
    bound: set[str] = set()
    for n in index.nodes(stmt):
        bound.update(bound_by(n))
    return bound


def bound_by(n: cst.CSTNode) -> Iterator[str]:
    kind = type(n)
    if kind is cst.Assign:
        for t in cast(cst.Assign, n).targets:
            yield from target_names(t.target)
    elif kind is cst.AnnAssign or kind is cst.AugAssign:
        yield from target_names(cast(cst.AnnAssign, n).target)
    elif kind is cst.For or kind is cst.CompFor:
        yield from target_names(cast(cst.For, n).target)
    elif kind is cst.AsName:
        yield from target_names(cast(cst.AsName, n).name)
    elif kind is cst.NamedExpr:
        yield from target_names(cast(cst.NamedExpr, n).target)
    elif kind is cst.FunctionDef or kind is cst.ClassDef:
        yield cast(cst.FunctionDef, n).name.value
    elif kind is cst.Del:
        yield from target_names(cast(cst.Del, n).target)
