"""Code of the module that runs inside a call and reads the module's globals: a function of the
module that reads a global tensor (``print(out.to_numpy())``), the callbacks a module-level
list is given that a function walks and calls (``for cb in callbacks: cb()``), and the closure
a factory of the module returns (``report = make_reporter(loss)``; ``report(step)``).

A call of such a function at module level reads those globals while whatever the caller has
in flight is still in flight, as long as the reads come before anything in the function that
could wait for it: its reads are taken from the statements every call runs, in order, up to
the first that may release a borrow (``.wait()``, ``.sync()``, ``await``, a call of code the
module does not show). Only the syntax is read here; the caller checks the reads against its
borrows (``Closures.module_function_reads``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import cast

import libcst as cst

from tilecheck.frozen import frozen
from tilecheck.host import api
from tilecheck.host.parameter_index import bound_names, rebound
from tilecheck.host.scopes import free_names
from tilecheck.names import NameResolver
from tilecheck.syntax import exact
from tilecheck.syntax.nodes import dotted_name
from tilecheck.syntax.walk import children, descendants, own_nodes

# Methods whose call may wait for work in flight (or run it).
RELEASES = frozenset({"wait", "sync", "sync_on", "synchronize", "launch", "result", "close"})
# Calls that run no code of the program (what they are given stays as it is).
_LIBRARIES = ("builtins.", "numpy", "math.", "collections.", "statistics.")
_MAX_DEPTH = 4
# statements that leave a loop's step
_LEAVES = (*exact.EXITS, cst.Continue, cst.Break)

# What a list is given: a function of the module, by name, or a lambda.
Callable_ = cst.Name | cst.Lambda


@frozen
class Read:
    """A host read of the global ``name`` at ``node``, in the module statement ``top``, made
    by ``by`` (as shown in the message)."""

    name: str
    node: cst.CSTNode
    top: int
    by: str


@dataclass
class ModuleCode:
    """The module's top-level functions and the callables its module-level lists are given."""

    functions: dict[str, tuple[cst.FunctionDef, int]] = field(default_factory=dict)
    # a list name -> its callables, each with the module statement that gives it
    lists: dict[str, list[tuple[Callable_, int, str]]] = field(default_factory=dict)
    # names of module statements bound to instances of the module's classes
    instances: set[str] = field(default_factory=set)
    _reads: dict[int, tuple[tuple[Read, ...], bool]] = field(default_factory=dict)
    body: tuple[cst.BaseStatement, ...] = ()
    # module-level ``for cb in callbacks: cb(...)``: the call's id -> the list, the loop's
    # module statement, whether the call is all the loop's body (made on first need)
    _loops: dict[int, tuple[str, int, bool]] | None = None


def module_code(body: tuple[cst.BaseStatement, ...]) -> ModuleCode:
    """What the module's top-level statements define, give to lists, and make of its classes."""
    code = ModuleCode(body=body)
    classes = {s.name.value for s in body if type(s) is cst.ClassDef}
    bindings: dict[str, int] = {}
    for top, stmt in enumerate(body):
        if type(stmt) is cst.FunctionDef:  # (exact types: libcst's ``isinstance`` is slow)
            code.functions[stmt.name.value] = (stmt, top)
            bindings[stmt.name.value] = bindings.get(stmt.name.value, 0) + 1
        if not isinstance(stmt, cst.SimpleStatementLine):
            continue
        for small in stmt.body:
            target, value = _binding(small)
            if target is not None:
                bindings[target] = bindings.get(target, 0) + 1
                if type(value) is cst.List and not value.elements:
                    code.lists[target] = []
                call = value if type(value) is cst.Call else None
                if call is not None and type(call.func) is cst.Name and call.func.value in classes:
                    code.instances.add(target)
            elif type(small) is cst.Expr and type(small.value) is cst.Call:
                _appended(code, small.value, top)
    for name in [n for n, count in bindings.items() if count > 1]:
        code.functions.pop(name, None)
        code.lists.pop(name, None)
    for name in list(code.lists):  # a name given something it does not show is left out
        items = code.lists[name]
        if any(type(c) is cst.Name and c.value not in code.functions for c, _, _ in items):
            del code.lists[name]
    return code


def _binding(small: cst.BaseSmallStatement) -> tuple[str | None, cst.BaseExpression | None]:
    if type(small) is cst.Assign and len(small.targets) == 1:
        target = small.targets[0].target
        if type(target) is cst.Name:
            return target.value, small.value
    if type(small) is cst.AnnAssign and type(small.target) is cst.Name:
        return small.target.value, small.value
    return None, None


def _appended(code: ModuleCode, call: cst.Call, top: int) -> None:
    """``callbacks.append(on_done)`` / ``callbacks.append(lambda: ...)`` at module level."""
    func = call.func
    if (
        type(func) is not cst.Attribute
        or type(func.value) is not cst.Name
        or func.attr.value != "append"
        or func.value.value not in code.lists
        or len(call.args) != 1
    ):
        return
    given = call.args[0].value
    items = code.lists[func.value.value]
    if type(given) is cst.Lambda:
        items.append((given, top, "the callback"))
    elif type(given) is cst.Name:
        items.append((given, top, f"`{given.value}`"))
    else:
        code.lists.pop(func.value.value)


class GlobalReads:
    """The reads a function of the module makes of globals on every call before it may
    release anything, with whether it may release (then nothing after it counts)."""

    def __init__(self, code: ModuleCode, resolver: NameResolver) -> None:
        self.code = code
        self.resolver = resolver

    def of_function(
        self, name: str, depth: int = 0, awaited: bool = False
    ) -> tuple[tuple[Read, ...], bool]:
        """``awaited``: the call is ``await name(...)``, so an ``async def``'s body runs
        there too, up to its first ``await`` (a coroutine merely called runs nothing)."""
        found = self.code.functions.get(name)
        if found is None or depth > _MAX_DEPTH:
            return (), True
        fn, top = found
        if fn.asynchronous is not None and not awaited:
            return (), True
        known = self.code._reads.get(id(fn))
        if known is not None:
            return known
        self.code._reads[id(fn)] = ((), True)  # (recursion: what calls itself may release)
        result = self._body(fn, top, f"`{name}`", depth)
        self.code._reads[id(fn)] = result
        return result

    def _body(
        self, fn: cst.FunctionDef, top: int, by: str, depth: int
    ) -> tuple[tuple[Read, ...], bool]:
        if fn.decorators:
            return (), True
        free = free_names(fn)
        reads: list[Read] = []
        body = cast(Sequence[cst.BaseStatement], fn.body.body)
        stop, _ = self._block(body, free, rebound(fn), top, by, depth, reads)
        return tuple(reads), stop

    def _block(
        self,
        body: Sequence[cst.BaseStatement],
        free: frozenset[str],
        local: frozenset[str],
        top: int,
        by: str,
        depth: int,
        reads: list[Read],
    ) -> tuple[bool, bool]:
        """The reads of ``body``'s statements, in order, into ``reads``: whether it may
        release, whether it leaves the function (an ``if True:`` block, a loop written as its
        turns by ``table_calls``, is run as its statements)."""
        for stmt in body:
            if isinstance(stmt, cst.SimpleStatementLine):
                found, stop = self._statement(stmt, free, top, by, depth, {})
            elif isinstance(stmt, cst.For) and stmt.asynchronous is None:
                found, stop = self._callback_loop(stmt, free, local, top, by, depth)
            elif _always(stmt):
                block = cast(cst.IndentedBlock, cast(cst.If, stmt).body).body
                stop, left = self._block(block, free, local, top, by, depth, reads)
                if stop or left:
                    return stop, left
                continue
            else:
                found, stop = (), True
            reads.extend(found)
            if stop:
                return True, True
            if isinstance(stmt, cst.SimpleStatementLine) and _exits(stmt):
                return False, True
        return False, False

    def loop_callbacks(self, call: cst.Call) -> tuple[Read, ...]:
        """``cb(...)`` in a module-level ``for cb in callbacks:`` over a module list of
        callables (round 22M): the first step calls the first callable appended before the
        loop, so its reads (up to where it may release) are made at this call; the later
        ones' too where the call is all of the loop's body and none before may release."""
        code = self.code
        if code._loops is None:
            code._loops = _callback_calls(code) if any(code.lists.values()) else {}
        found = code._loops.get(id(call))
        if found is None:
            return ()
        name, top, alone = found
        reads: list[Read] = []
        for item, given_at, shown in code.lists[name]:
            if given_at > top:
                break  # appended after the loop ran
            got, stop = self._callable(item, given_at, shown, 0)
            reads.extend(got)
            if stop or not alone:
                break
        return tuple(reads)

    def _callback_loop(
        self,
        loop: cst.For,
        free: frozenset[str],
        local: frozenset[str],
        top: int,
        by: str,
        depth: int,
    ) -> tuple[tuple[Read, ...], bool]:
        """``for cb in callbacks: cb()`` over a module-level list of callables it was given
        (at least one: the loop runs them all)."""
        iterable, target = loop.iter, loop.target
        if (
            type(iterable) is not cst.Name
            or iterable.value not in free
            or iterable.value not in self.code.lists
            or not self.code.lists[iterable.value]
            or type(target) is not cst.Name
            or loop.orelse is not None
            or not isinstance(loop.body, cst.IndentedBlock)
        ):
            return (), True
        callables = {target.value: self.code.lists[iterable.value]}
        reads: list[Read] = []
        for stmt in loop.body.body:
            if not isinstance(stmt, cst.SimpleStatementLine):
                return tuple(reads), True
            found, stop = self._statement(stmt, free, top, by, depth, callables)
            reads.extend(found)
            if stop or _exits(stmt):
                return tuple(reads), True
        return tuple(reads), False

    def _callable(
        self, item: Callable_, top: int, by: str, depth: int
    ) -> tuple[tuple[Read, ...], bool]:
        if isinstance(item, cst.Name):
            return self.of_function(item.value, depth + 1)
        return self._expression(item.body, free_names(item), top, by, depth, {})

    def _statement(
        self,
        stmt: cst.SimpleStatementLine,
        free: frozenset[str],
        top: int,
        by: str,
        depth: int,
        callables: dict[str, list[tuple[Callable_, int, str]]],
    ) -> tuple[tuple[Read, ...], bool]:
        return self._expression(stmt, free, top, by, depth, callables)

    def _expression(
        self,
        root: cst.CSTNode,
        free: frozenset[str],
        top: int,
        by: str,
        depth: int,
        callables: dict[str, list[tuple[Callable_, int, str]]],
    ) -> tuple[tuple[Read, ...], bool]:
        """The reads in one statement (or a lambda's body); none where it may release: a
        statement that waits is not split (what it reads before its wait is left out)."""
        reads: list[Read] = []
        called: list[tuple[tuple[Read, ...], bool]] = []
        stack: list[cst.CSTNode] = [root]
        while stack:
            node = stack.pop()
            kind = type(node)
            if kind in exact.SCOPES:
                continue
            if kind is cst.Await or kind is cst.Yield:
                return (), True
            if kind is cst.Attribute:
                attr = node.attr.value  # type: ignore[attr-defined]
                value = node.value  # type: ignore[attr-defined]
                if attr in RELEASES:
                    return (), True
                if type(value) is cst.Name and value.value in free:
                    if value.value in self.code.instances:
                        return (), True  # a method of the module's class: its code is not here
                    if attr not in api.TENSOR_METADATA and attr != "partition":
                        reads.append(Read(value.value, value, top, by))
            elif kind is cst.Call:
                stop = self._call(node, free, top, by, depth, callables, reads, called)  # type: ignore[arg-type]
                if stop:
                    return (), True
            stack.extend(reversed(list(children(node))))
        for found, _ in called:
            reads.extend(found)
        return tuple(reads), any(stop for _, stop in called)

    def _call(
        self,
        call: cst.Call,
        free: frozenset[str],
        top: int,
        by: str,
        depth: int,
        callables: dict[str, list[tuple[Callable_, int, str]]],
        reads: list[Read],
        called: list[tuple[tuple[Read, ...], bool]],
    ) -> bool:
        """What a call in the statement does: True where it may release."""
        func = call.func
        if type(func) is cst.Attribute:
            dotted = dotted_name(func)
            canonical = self.resolver.resolve(dotted) if dotted is not None else None
            if canonical is None:
                return False  # a method of an object (its attribute is looked at as one)
            return self._library(canonical, call, free, top, by, reads)
        if type(func) is not cst.Name:
            return True
        name = func.value
        if name in callables:
            for item, given_at, shown in callables[name]:
                called.append(self._callable(item, given_at, shown, depth))
            return False
        if name not in free:
            return True  # a parameter or a local: code it was given
        if name in self.code.functions:
            called.append(self.of_function(name, depth + 1))
            return False
        return self._library(self.resolver.resolve(name) or "", call, free, top, by, reads)

    def _library(
        self,
        canonical: str,
        call: cst.Call,
        free: frozenset[str],
        top: int,
        by: str,
        reads: list[Read],
    ) -> bool:
        """A call of another library's (``np.asarray(out)`` reads ``out``); True for code of
        the program's that is not here."""
        if api.host_reader(canonical) and call.args:
            arg = call.args[0].value
            if type(arg) is cst.Name and arg.value in free:
                reads.append(Read(arg.value, arg, top, by))
            return False
        return not canonical.startswith(_LIBRARIES)


def _always(stmt: cst.BaseStatement) -> bool:
    """``if True:`` with no ``else``."""
    return (
        type(stmt) is cst.If
        and type(stmt.test) is cst.Name
        and stmt.test.value == "True"
        and stmt.orelse is None
        and type(stmt.body) is cst.IndentedBlock
    )


def _exits(stmt: cst.SimpleStatementLine) -> bool:
    return any(type(s) in exact.EXITS for s in stmt.body)


def _callback_calls(code: ModuleCode) -> dict[int, tuple[str, int, bool]]:
    """The calls ``cb(...)`` that run on every step of a module-level ``for cb in callbacks:``
    (a statement of the loop's body, as its value, after plain lines that never leave the
    step) over a list of ``code.lists`` named nowhere in the module but at its binding, its
    module-level appends and as loops' iterables (so it holds those callables, in order)."""
    loops: list[tuple[cst.For, str, str, int]] = []  # the loop, its list, its target
    for top, stmt in enumerate(code.body):
        if type(stmt) is cst.FunctionDef or type(stmt) is cst.ClassDef:
            continue
        for node in own_nodes(stmt):
            if isinstance(node, cst.For) and _walks_list(node, code):
                walks, step = cast(cst.Name, node.iter), cast(cst.Name, node.target)
                loops.append((node, walks.value, step.value, top))
    if not loops:
        return {}
    seen = dict.fromkeys((name for _, name, _, _ in loops), 0)
    walked = dict(seen)
    for node in (n for stmt in code.body for n in descendants(stmt)):
        if isinstance(node, cst.Name) and node.value in seen:
            seen[node.value] += 1
        elif isinstance(node, cst.For) and isinstance(node.iter, cst.Name):
            if node.iter.value in walked:
                walked[node.iter.value] += 1
    out: dict[int, tuple[str, int, bool]] = {}
    for loop, name, target, top in loops:
        if seen[name] != 1 + len(code.lists[name]) + walked[name]:
            continue  # named elsewhere: it may hold other callables
        if any(n == target for n in bound_names(loop.body)):
            continue
        body = cast(cst.IndentedBlock, loop.body).body
        for stmt in body:
            if not isinstance(stmt, cst.SimpleStatementLine):
                break
            small = stmt.body[0] if len(stmt.body) == 1 else None
            value = small.value if isinstance(small, (cst.Expr, cst.Assign)) else None
            if isinstance(value, cst.Call) and isinstance(value.func, cst.Name):
                if value.func.value == target:
                    alone = len(body) == 1 and all(_plain_arg(a) for a in value.args)
                    out[id(value)] = (name, top, alone)
            if any(type(s) in _LEAVES for s in stmt.body):
                break
    return out


def _walks_list(loop: cst.For, code: ModuleCode) -> bool:
    return (
        type(loop.iter) is cst.Name
        and bool(code.lists.get(loop.iter.value))
        and type(loop.target) is cst.Name
        and loop.asynchronous is None
        and loop.orelse is None
        and type(loop.body) is cst.IndentedBlock
    )


def _plain_arg(arg: cst.Arg) -> bool:
    """An argument whose evaluation runs nothing (a name or a literal)."""
    kind = type(arg.value)
    return not arg.star and kind in (cst.Name, cst.Integer, cst.Float, cst.SimpleString)
