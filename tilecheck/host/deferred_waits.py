"""A wait handed to another thread or task, done where the caller collects it (issue 17, round
39R): ``fut = pool.submit(p.wait)`` (a ``concurrent.futures`` executor),
``w = loop.run_in_executor(None, p.wait)``, ``t = asyncio.create_task(asyncio.to_thread(
p.wait))``, ``t = threading.Thread(target=p.wait)`` with ``t.start()``, or
``fut = asyncio.ensure_future(op)``: the Pending (the op) is released somewhere between that
statement and the one that collects the handle (``fut.result()``, ``await fut``,
``t.join()``), never before the other thread or task has run; so a read of what it writes in
between races with it (the runtime refuses the read as the other side has not waited yet).
``threads`` runs a target whole where it starts, one interleaving of the two; for a target
that only waits, that interleaving hides every such race.

Lowered here, where the collection is certain: the handle is a name bound once in the body
analysed, by a statement ``NAME = <start>`` of a block whose later statement collects it
(``await NAME``, ``NAME.result()``, or ``NAME.join()`` after ``NAME.start()``), alone or as an
assignment's value, with no ``return``, ``raise``, ``break``, ``continue`` or ``yield``
between, and the name read nowhere else in the module. Then the start's value is the Pending
(the op) itself, so the handle aliases it: ``t.start()`` does nothing, the collection is its
``wait()`` (``sync()`` for an op's ``sync`` handed over; ``await`` as written), and a use in
between meets the object still in flight (TC102). A target whose receiver holds anything but
a Pending (an op for ``sync``) is left to the library's path, as before. The gate: the module
imports ``asyncio``, ``concurrent`` or ``threading`` and the call is spelled as one of these;
the per-body table is a syntax fact, built once per body."""

from __future__ import annotations

import functools
import re
from typing import cast

import libcst as cst

from tilecheck.host.dunders import receiver_path
from tilecheck.host.library_outputs import LibraryOutputs
from tilecheck.host.library_spec import RETURNS
from tilecheck.host.library_statements import imported
from tilecheck.host.model import NOTHING, Kind, Oids, Packed, Value, flatten
from tilecheck.host.property_reads import lowered_from
from tilecheck.host.threads import bound_once_calls
from tilecheck.syntax.index import SyntaxIndex
from tilecheck.syntax.walk import children, own_nodes

_ROOTS = frozenset({"asyncio", "concurrent", "threading"})
# what a start must spell: a bound wait or sync not called, or a task or gather of ops
_STARTS = re.compile(r"\.(?:wait|sync)\b(?!\s*\()|ensure_future|create_task|gather")
# standard libraries whose objects have a ``submit`` of their own and make no op
_OTHER_LIBRARIES = _ROOTS | {"multiprocessing", "queue", "sched"}
# a callable run on another thread: the canonical name and the position of the callable
_RUNNERS = {
    "concurrent.futures.ThreadPoolExecutor.submit": 0,
    "asyncio.to_thread": 0,
    "asyncio.AbstractEventLoop.run_in_executor": 1,
}
_THREAD = "threading.Thread"
_WRAPS = frozenset({"asyncio.ensure_future", "asyncio.create_task"})
_ENSURE = "asyncio.ensure_future"
_GATHER = "gather"  # ``asyncio.gather(op, op2)``: each awaitable, whole
_HANDED = frozenset({"wait", "sync"})  # the bound methods a handed callable may be
_SPELLED = frozenset(
    {"submit", "to_thread", "run_in_executor", "Thread", "ensure_future", "create_task", "gather"}
    | {"result", "join", "start"}
)
_EXITS = (cst.Return, cst.Raise, cst.Break, cst.Continue, cst.Yield)
_COMPOUND_BODIES = ("body", "orelse", "handlers", "finalbody", "cases")

# a start: (the handed receiver, its method: "wait"/"sync", or "" for an op given whole)
_Start = tuple[cst.BaseExpression, str]
# what a call of the body is: ("start", NAME) / ("begin", NAME) / ("collect", NAME)
_Role = tuple[str, str]


@functools.lru_cache(maxsize=4)
def _spells_start(text: str) -> bool:
    """The module's text spells what a start must (kept per text: asked at every call)."""
    return _STARTS.search(text) is not None


def _spelled(func: cst.BaseExpression) -> str | None:
    if type(func) is cst.Attribute:
        return func.attr.value
    return func.value if type(func) is cst.Name else None


def _handed(expr: cst.BaseExpression) -> _Start | None:
    """``p.wait``/``op.sync`` of an access path: (``p``, ``"wait"``)."""
    if type(expr) is not cst.Attribute or expr.attr.value not in _HANDED:
        return None
    return (expr.value, expr.attr.value) if receiver_path(expr.value) is not None else None


def start_shape(call: cst.Call) -> _Start | None:
    """What the start ``call`` hands over, by its spelling (the names are checked where it is
    evaluated): the callable of a runner, a thread's ``target=``, or ``ensure_future``'s
    awaitable (a path or a call, whole)."""
    name = _spelled(call.func)
    args = call.args
    if any(a.star for a in args):
        return None
    positional = [a.value for a in args if a.keyword is None]
    if name in ("submit", "to_thread") and len(args) == 1 and positional:
        return _handed(positional[0])
    if name == "run_in_executor" and len(args) == 2 and len(positional) == 2:
        return _handed(positional[1])
    if name == "Thread" and not positional:
        target = [a.value for a in args if a.keyword is not None and a.keyword.value == "target"]
        others = {a.keyword.value for a in args if a.keyword is not None} - {"target", "daemon"}
        return _handed(target[0]) if len(target) == 1 and not others else None
    if name == "gather" and args and len(positional) == len(args):
        return call, _GATHER
    if name in ("ensure_future", "create_task") and len(args) == 1 and positional:
        inner = positional[0]
        if type(inner) is cst.Call and _spelled(inner.func) in ("to_thread", "run_in_executor"):
            return start_shape(inner)
        if name == "ensure_future" and (
            receiver_path(inner) is not None or type(inner) is cst.Call
        ):
            return inner, ""
    return None


def _blocks(scope: cst.CSTNode) -> list[list[cst.BaseStatement]]:
    """The statement lists of ``scope``'s own code (nested functions and classes aside)."""
    top: cst.CSTNode = scope.body if type(scope) is cst.FunctionDef else scope
    found: list[list[cst.BaseStatement]] = []
    stack: list[cst.CSTNode] = [top]
    while stack:
        node = stack.pop()
        body: object = getattr(node, "body", None)
        if (
            type(body) in (list, tuple)
            and cast("list[object]", body)
            and _is(type(cast("list[object]", body)[0]), cst.BaseStatement)
        ):
            stmts = list(cast("list[cst.BaseStatement]", body))
            found.append(stmts)
            for stmt in stmts:
                if type(stmt) in (cst.FunctionDef, cst.ClassDef):
                    continue
                for part in _COMPOUND_BODIES:
                    sub: object = getattr(stmt, part, None)
                    if type(sub) in (list, tuple):
                        items = cast("list[object]", sub)
                        stack.extend(
                            cast(cst.CSTNode, s) for s in items if _is(type(s), cst.CSTNode)
                        )
                    elif _is(type(sub), cst.CSTNode):
                        stack.append(cast(cst.CSTNode, sub))
        elif _is(type(body), cst.CSTNode):
            stack.append(cast(cst.CSTNode, body))
    return found


_SUBCLASS: dict[tuple[type, type], bool] = {}


def _is(cls: type, base: type) -> bool:
    """``issubclass``, kept by class (``isinstance`` on libcst's abstract classes is slow and
    asked of every statement)."""
    known = _SUBCLASS.get((cls, base))
    if known is None:
        known = _SUBCLASS[(cls, base)] = issubclass(cls, base)
    return known


def _single(stmt: cst.BaseStatement) -> cst.BaseSmallStatement | None:
    if type(stmt) is not cst.SimpleStatementLine or len(stmt.body) != 1:
        return None
    return stmt.body[0]


def _value(stmt: cst.BaseStatement) -> cst.BaseExpression | None:
    """The expression a one-statement line evaluates: an expression or an assignment's value."""
    small = _single(stmt)
    if type(small) is cst.Expr:
        return small.value
    if type(small) is cst.Assign:
        return small.value
    return None


def _method_of(expr: cst.BaseExpression | None, name: str, method: str) -> cst.Call | None:
    if type(expr) is not cst.Call or expr.args:
        return None
    func = expr.func
    if type(func) is not cst.Attribute or func.attr.value != method:
        return None
    return expr if type(func.value) is cst.Name and func.value.value == name else None


def _exits(stmt: cst.BaseStatement) -> bool:
    return any(isinstance(n, _EXITS) for n in own_nodes(stmt))


def _roles(index: SyntaxIndex, scope: cst.CSTNode) -> tuple[dict[int, _Role], dict[str, int]]:
    """The starts, thread starts and collections of the body ``scope`` that are certain (see
    the module's docstring), by call node."""
    roles: dict[int, _Role] = {}
    named: dict[str, int] = {}  # each handle: how often the start and collection name it
    for stmts in _blocks(scope):
        for i, stmt in enumerate(stmts):
            small = _single(stmt)
            if type(small) is not cst.Assign or len(small.targets) != 1:
                continue
            target = small.targets[0].target
            call = small.value
            if type(target) is not cst.Name or type(call) is not cst.Call:
                continue
            shape = start_shape(call)
            if shape is not None:
                names = _collected(roles, stmts, i, target.value, call)
                if names:
                    named[target.value] = named.get(target.value, 0) + names
    return roles, named


def _collected(
    roles: dict[int, _Role], stmts: list[cst.BaseStatement], i: int, name: str, call: cst.Call
) -> int:
    """Record the start at ``stmts[i]`` where a later statement of the block collects it; how
    often the binding, a thread's start and the collection name the handle (0: none)."""
    thread = _spelled(call.func) == "Thread"
    begun: cst.Call | None = None
    for stmt in stmts[i + 1 :]:
        value = _value(stmt)
        if thread and begun is None:
            begun = _method_of(value, name, "start")
            if begun is None and _exits(stmt):
                return 0
            continue
        if not thread and type(value) is cst.Await:
            awaited = value.expression
            if type(awaited) is cst.Name and awaited.value == name:
                roles[id(call)] = ("start", name)
                return 2
        done = _method_of(value, name, "join" if thread else "result")
        if done is not None:
            roles[id(call)] = ("start", name)
            roles[id(done)] = ("collect", name)
            if begun is not None:
                roles[id(begun)] = ("begin", name)
            return 3 if thread else 2
        if _exits(stmt):
            return 0
    return 0


def _name_counts(index: SyntaxIndex, module: cst.CSTNode) -> dict[str, int]:
    """How often the module names each name (to find handles read anywhere else)."""
    counts: dict[str, int] = {}
    stack: list[cst.CSTNode] = [module]
    while stack:
        node = stack.pop()
        if type(node) is cst.Name:
            counts[node.value] = counts.get(node.value, 0) + 1
        stack.extend(children(node))
    return counts


def not_op_submit(call: cst.Call, functions: frozenset[str]) -> bool:
    """``call`` (``x.submit(...)``) cannot be ``Op.submit(stream=None)``: it gives more than
    one argument, a keyword but ``stream``, a star, or a callable (a lambda, a bound ``wait``
    or ``sync``, a function of the module) where the stream goes: an executor's
    ``submit(fn, *args)`` on a receiver that may hold an op (an attribute the analysis does
    not know, ``self.pool``). So is any ``submit`` of an attribute the module sets once to an
    object of the standard library (``_library_object``): no Pending comes of either."""
    args = call.args
    if len(args) > 1 or any(a.star for a in args):
        return True
    if not args:
        return False
    arg = args[0]
    if arg.keyword is not None and arg.keyword.value != "stream":
        return True
    value = arg.value
    kind = type(value)
    if kind is cst.Lambda:
        return True
    if kind is cst.Attribute:
        return cast(cst.Attribute, value).attr.value in _HANDED
    return kind is cst.Name and cast(cst.Name, value).value in functions


def _attribute_makers(index: SyntaxIndex, module: cst.CSTNode) -> dict[str, cst.Call]:
    """The attribute names the module assigns once in all (``self.pool = X(...)``), to a call,
    with that call (its type is checked where it is used)."""
    made: dict[str, list[cst.BaseExpression]] = {}
    stack: list[cst.CSTNode] = [module]
    while stack:
        node = stack.pop()
        stack.extend(children(node))
        targets: list[tuple[cst.BaseExpression, cst.BaseExpression]] = []
        if type(node) is cst.Assign:
            targets = [(t.target, node.value) for t in node.targets]
        elif type(node) in (cst.AnnAssign, cst.AugAssign):
            targets = [(cast(cst.AugAssign, node).target, cst.Name("_"))]
        for target, value in targets:
            if type(target) is cst.Attribute:
                made.setdefault(target.attr.value, []).append(value)
            elif type(target) in (cst.Tuple, cst.List):
                for element in cast(cst.Tuple, target).elements:
                    if type(element.value) is cst.Attribute:
                        made.setdefault(element.value.attr.value, []).extend((value, value))
    once: dict[str, cst.Call] = {}
    for name, values in made.items():
        value = values[0]
        if len(values) == 1 and isinstance(value, cst.Call):
            once[name] = value
    return once


def _functions(index: SyntaxIndex, module: cst.CSTNode) -> frozenset[str]:
    """The names the module's top level defines by ``def``."""
    body = module.body if type(module) is cst.Module else ()
    return frozenset(s.name.value for s in body if type(s) is cst.FunctionDef)


class DeferredWaits(LibraryOutputs):
    __slots__ = ()

    def op_method(
        self, call: cst.Call, name: str, ops: list[int], receiver: cst.BaseExpression, oids: Oids
    ) -> set[int]:
        module = self.ctx.module
        if name == "submit" and module is not None:
            functions = self.ctx.index.fact(module, _functions)
            if not_op_submit(call, functions) or self._library_object(receiver):
                self.unknown_args(call, escape=True)  # (another library's ``submit``)
                return set()
        return LibraryOutputs.op_method(self, call, name, ops, receiver, oids)

    def _library_object(self, receiver: cst.BaseExpression) -> bool:
        """``receiver`` (``self.pool``) is an attribute the module assigns once, to an object of
        a standard library that makes no op (``ThreadPoolExecutor(2)``)."""
        module = self.ctx.module
        if type(receiver) is not cst.Attribute or module is None:
            return False
        made = self.ctx.index.fact(module, _attribute_makers).get(receiver.attr.value)
        canonical = self.ctx.callee(made.func).canonical if made is not None else None
        return canonical is not None and canonical.partition(".")[0] in _OTHER_LIBRARIES

    def _call(self, expr: cst.Call) -> Value:
        name = _spelled(expr.func)
        if name in _SPELLED:
            done = self._collect_handed(expr)
            if done is not None:
                return done
        return LibraryOutputs._call(self, expr)

    def _collect_handed(self, expr: cst.Call) -> Value | None:
        ctx = self.ctx
        module = ctx.module
        if module is None or not _ROOTS & ctx.index.fact(module, imported):
            return None
        if ctx.text is not None and not _spells_start(ctx.text):
            return None
        scope: cst.CSTNode = self.scope_node or module
        roles, named = ctx.index.fact(scope, _roles)
        role = roles.get(id(expr))
        if role is None:
            return None
        kind, name = role
        if ctx.index.fact(module, _name_counts).get(name) != named[name]:
            return None  # (the handle is read somewhere else too)
        if kind == "start":
            return self._started(expr)
        held = self._kinds(self.ev(cst.Name(name)))
        if not held or not held <= {Kind.PENDING, Kind.OP}:
            return None
        if kind == "begin":
            return NOTHING
        method = "wait" if held == {Kind.PENDING} else "sync" if held == {Kind.OP} else None
        if method is None:
            return None
        func = lowered_from(expr, cst.Attribute(cst.Name(name), cst.Name(method)))
        return self.ev(lowered_from(expr, cst.Call(func)))

    def _runner(self, func: cst.BaseExpression) -> str | None:
        """The canonical name of the called ``func``; a method of a receiver the module binds
        once to a call (``with ThreadPoolExecutor() as pool``, ``loop =
        asyncio.get_running_loop()``) through the type that call makes (``threads``)."""
        ctx = self.ctx
        canonical = ctx.callee(func).canonical
        module = ctx.module
        if canonical is not None or type(func) is not cst.Attribute or module is None:
            return canonical
        receiver = func.value
        made: cst.Call | None = None
        if type(receiver) is cst.Name:
            made = ctx.index.fact(module, bound_once_calls).get(receiver.value)
        elif type(receiver) is cst.Attribute:  # ``self.pool``: the one ``.pool = X(...)``
            made = ctx.index.fact(module, _attribute_makers).get(receiver.attr.value)
        owner = ctx.callee(made.func).canonical if made is not None else None
        owner = RETURNS.get(owner, owner) if owner is not None else None
        return f"{owner}.{func.attr.value}" if owner is not None else None

    def _kinds(self, value: Value) -> set[Kind]:
        return {self.infos[o].kind for o in flatten(value)}

    def _started(self, expr: cst.Call) -> Value | None:
        """The start's value: the Pending or op handed over (None: the library's path)."""
        outer = self._runner(expr.func)
        shape = start_shape(expr)
        if shape is None:
            return None
        given, method = shape
        if method == _GATHER:
            return self._gathered(expr) if outer == "asyncio.gather" else None
        inner = expr.args[0].value if outer in _WRAPS else None
        if type(inner) is cst.Call and method:
            if self._runner(inner.func) not in _RUNNERS:
                return None
        elif outer not in _RUNNERS and outer != _THREAD and not (outer == _ENSURE and not method):
            return None
        if type(given) is cst.Call:  # ``ensure_future(k(...))``: a launch or a chain, whole
            return self.ev(given) if self._launch(given) else None
        value = self.ev(given)
        kinds = self._kinds(value)
        wanted = {"wait": {Kind.PENDING}, "sync": {Kind.OP}}.get(method, {Kind.OP, Kind.PENDING})
        return value if kinds and kinds <= wanted else None

    def _launch(self, call: cst.Call) -> bool:
        """``call`` makes an op: a kernel's launch, a chain, or a call of tilert's."""
        func = call.func
        if type(func) is cst.Attribute and func.attr.value == "then":
            return True
        named = self.ctx.callee(func)
        return named.kernel is not None or (named.canonical or "").startswith("tilert.")

    def _gathered(self, call: cst.Call) -> Value | None:
        """``asyncio.gather(a, k(...))`` of ops and Pendings only: their values, as a tuple
        (each awaited where the handle is)."""
        given = [arg.value for arg in call.args]
        for item in given:
            if type(item) is cst.Call:
                if not self._launch(item):
                    return None
            elif receiver_path(item) is None:
                return None
            else:
                kinds = self._kinds(self.ev(item))
                if not kinds or not kinds <= {Kind.OP, Kind.PENDING}:
                    return None
        return Packed(tuple(self.ev(item) for item in given))
