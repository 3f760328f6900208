"""``with`` blocks of the module's own context managers, both halves (issue 17, round 20A).

A ``@contextmanager`` function with code after its ``yield`` (``p = op.submit()`` / ``try:
yield p`` / ``finally: p.wait()``) is built in place of the ``with`` that enters it
(``tilecheck.flow.cfg``'s ``splice``): its parameters bound to the call's arguments
(``WITH_CALL``), its statements up to the ``yield``, the ``as`` target bound to what it yields
(``YIELDED``), the block, the rest of its body, then its locals dropped (``WITH_EXIT``). That is
the generator's own order: its ``finally`` runs on the block's ways out through ``return``,
``break``, ``continue`` and a raise, as the CFG copies a ``finally``. Only a plain shape is
built so (one ``yield`` statement, reached through ``try`` and ``with`` bodies only; no
``return``, nested scope, ``global``, ``await``, starred parameter; not in a ``with`` of itself
nor an ``async with``; round 31N: the caller's block runs inside the manager's ``with`` items
open at its ``yield``, so a ``with tr.graph()`` around it captures the block, TC111 there)
and only where its names cannot be taken for the caller's (none of its parameters and locals
is a name the calling body mentions but the ``as`` target, which holds what it yields; in a
function, none of its names is one the function binds). A function whose
body ends in its only ``yield`` keeps round 17B's summary at the ``with``.

A class of the module with ``__enter__`` (``with Scratch(ws) as part``, ``with scratch:``):
its ``__enter__``'s summary is applied at the ``with`` on the instance (``as`` binds what it
returns), its ``__exit__``'s at ``WITH_EXIT``, as method calls on an instance are applied; the
instance a call made there is kept under a name of its own until the exit.

An ``@asynccontextmanager`` ``async def`` of the same shape is built in place of the ``async
with`` that enters it (round 34A), its ``await``s allowed (``finally: await pending`` waits
the Pending at the exit, as the caller's own ``await`` would); each kind of manager is built
only for its own kind of ``with``."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, cast

import libcst as cst

from tilecheck.host.coroutines import yields_last
from tilecheck.host.parameter_index import rebound
from tilecheck.syntax.nodes import dotted_name, target_names
from tilecheck.syntax.walk import descendants, own_nodes

if TYPE_CHECKING:
    from tilecheck.flow.cfg import Splice

Statement = cst.BaseStatement | cst.BaseSmallStatement
_DECORATORS = frozenset({"contextmanager", "contextlib.contextmanager"})
# an ``async def`` generator under these is entered by ``async with`` (round 34A): the same
# two halves, its ``await``s waits as the caller's own
_ASYNC_DECORATORS = frozenset({"asynccontextmanager", "contextlib.asynccontextmanager"})
_REFUSED = frozenset(
    {
        cst.Return,
        cst.FunctionDef,
        cst.ClassDef,
        cst.Lambda,
        cst.Global,
        cst.Nonlocal,
        cst.Await,
    }
)


class Manager:
    """One ``@contextmanager`` function of the module that may be built in place."""

    def __init__(self, fn: cst.FunctionDef, yielded: cst.Expr, entered: bool = False) -> None:
        self.fn = fn
        self.asynchronous = entered  # an ``@asynccontextmanager``: entered by ``async with``
        self.yielded = yielded  # its ``yield`` statement
        params = fn.params
        self.positional = [p.name.value for p in (*params.posonly_params, *params.params)]
        self.keywords = {p.name.value for p in (*params.params, *params.kwonly_params)}
        self.parameters = [*self.positional, *(p.name.value for p in params.kwonly_params)]
        # its parameters and locals: gone when the ``with`` is left
        self.own = frozenset(self.parameters) | rebound(fn)
        self.names = frozenset(
            n.value for n in descendants(fn) if type(n) is cst.Name
        )  # every name it mentions

    def binds(self, call: cst.Call) -> bool:
        """The call's arguments bind to the parameters (no star, none twice, none unknown)."""
        position, given = 0, set()
        for arg in call.args:
            if arg.star:
                return False
            if arg.keyword is None:
                if position >= len(self.positional):
                    return False
                given.add(self.positional[position])
                position += 1
            elif arg.keyword.value in self.keywords and arg.keyword.value not in given:
                given.add(arg.keyword.value)
            else:
                return False
        return True


def _manager(fn: cst.FunctionDef) -> Manager | None:
    if len(fn.decorators) != 1:
        return None
    entered = fn.asynchronous is not None
    if dotted_name(fn.decorators[0].decorator) not in (
        _ASYNC_DECORATORS if entered else _DECORATORS
    ):
        return None
    params = fn.params
    if type(params.star_arg) is cst.Param or params.star_kwarg is not None:
        return None
    yields: list[cst.Yield] = []
    for node in own_nodes(fn.body):
        kind = type(node)
        if kind in _REFUSED and node is not fn.body and not (entered and kind is cst.Await):
            return None
        if kind is cst.With and node.asynchronous is not None:  # type: ignore[attr-defined]
            return None
        if kind is cst.Yield:
            yields.append(node)  # type: ignore[arg-type]
    if len(yields) != 1 or type(yields[0].value) is cst.From or yields_last(fn):
        return None
    found = _yield_statement(fn.body.body, yields[0])
    return Manager(fn, found, entered) if found is not None else None


def _yield_statement(body: Sequence[Statement], target: cst.Yield) -> cst.Expr | None:
    """``target``'s statement where it stands alone (``yield x``) in ``body`` or, through
    ``try`` bodies only, in a statement of it."""
    for stmt in body:
        if type(stmt) is cst.SimpleStatementLine:
            for small in stmt.body:
                if type(small) is cst.Expr and small.value is target:
                    return small
        elif type(stmt) is cst.Try or type(stmt) is cst.With:
            found = _yield_statement(_block(stmt.body), target)
            if found is not None:
                return found
    return None


def _block(body: cst.BaseSuite) -> Sequence[Statement]:
    return body.body if isinstance(body, cst.IndentedBlock) else ()


def _entered(manager: Manager) -> Iterator[str]:
    """The names of the calls ``manager``'s own ``with`` items make (``with side(s):``)."""
    for node in own_nodes(manager.fn.body):
        if type(node) is cst.WithItem and type(node.item) is cst.Call:
            func = node.item.func
            if type(func) is cst.Name:
                yield func.value


class Managers:
    """The module's context managers built in place, by name."""

    def __init__(self, body: Sequence[Statement]) -> None:
        self.by_name: dict[str, Manager] = {}
        self.spliced: set[int] = set()  # the ``with`` items (by id) built so
        # an item's ``__enter__``/``__exit__`` call node (``tilecheck.host.with_exits``)
        self.calls: dict[tuple[int, str], cst.Call] = {}
        # ``with Cls(...) as name`` items (by id) whose instance is followed under ``name``
        # (``with_exits.as_self``), and whether
        self.as_self: dict[int, bool] = {}
        defined: dict[str, int] = {}
        for stmt in body:
            if type(stmt) is cst.FunctionDef or type(stmt) is cst.ClassDef:
                defined[stmt.name.value] = defined.get(stmt.name.value, 0) + 1
                found = (
                    _manager(stmt) if type(stmt) is cst.FunctionDef and stmt.decorators else None
                )
                if found is not None:
                    self.by_name[stmt.name.value] = found
        for name, count in defined.items():
            if count > 1:
                self.by_name.pop(name, None)
        # a manager whose own ``with`` enters one of them: one frame's names for two
        nested = [n for n, m in self.by_name.items() if any(e in self.by_name for e in _entered(m))]
        for name in nested:
            del self.by_name[name]

    def splice(self, body: Sequence[Statement], module: bool) -> Splice | None:
        """For ``build_cfg``: the managers a ``with`` of ``body`` enters that are built in
        place there (``module``: the module's own body, whose globals they read)."""
        if not self.by_name:
            return None
        names: set[str] | None = None
        bound: frozenset[str] | None = None

        def splice(
            item: cst.WithItem, around: tuple[cst.WithItem, ...], asynchronous: bool
        ) -> tuple[Sequence[Statement], cst.Expr] | None:
            nonlocal names, bound
            call = item.item
            if type(call) is not cst.Call or type(call.func) is not cst.Name:
                return None
            manager = self.by_name.get(call.func.value)
            if manager is None or manager.asynchronous != asynchronous:
                return None  # (``async with`` of an ``@asynccontextmanager`` only: 34A)
            if not manager.binds(call) or _inside(call.func.value, around):
                return None  # (inside a ``with`` of its own: one frame's names for two)
            if names is None:
                names = set(_names(body))
            kept = frozenset(target_names(item.asname.name)) if item.asname else frozenset()
            if not manager.own.isdisjoint(names - kept):  # (``as part`` of its ``part``: one)
                return None
            if not module:
                if bound is None:
                    bound = _bound_in(body)
                if not manager.names.isdisjoint(bound - kept):
                    return None
            self.spliced.add(id(item))
            return manager.fn.body.body, manager.yielded

        return splice


def _inside(name: str, around: tuple[cst.WithItem, ...]) -> bool:
    return any(
        type(w.item) is cst.Call and type(w.item.func) is cst.Name and w.item.func.value == name
        for w in around
    )


def _names(body: Sequence[Statement]) -> Iterator[str]:
    """The names ``body``'s own code mentions (nested functions and classes: their names)."""
    for stmt in body:
        if type(stmt) is cst.FunctionDef or type(stmt) is cst.ClassDef:
            yield stmt.name.value
            continue
        for node in own_nodes(stmt):
            if type(node) is cst.Name:
                yield node.value


def _bound_in(body: Sequence[Statement]) -> frozenset[str]:
    """The names ``body`` binds (as ``parameter_index.rebound`` finds a function's)."""
    block = cst.IndentedBlock(cast(Sequence[cst.BaseStatement], body))
    return rebound(cst.FunctionDef(cst.Name("f"), cst.Parameters(), block))


def exit_parameters(fn: cst.FunctionDef) -> tuple[tuple[str, ...], int]:
    """``__exit__(self, *exc)``'s parameters but the starred ones: a ``with`` gives it none
    that the analysis follows (``with_exits`` calls it with no argument)."""
    params = fn.params
    positional = [p.name.value for p in (*params.posonly_params, *params.params)]
    return (*positional, *(p.name.value for p in params.kwonly_params)), len(positional)
