"""Whether a name is certainly let go unread from a point of its scope on (round 22K of issue
17): the statements of a function's or the module's body, each with its block (``layout``), and
a walk (``NameDrops``) of every way on from a point, in the source's own structure: the rest of
the block, the next turn of a loop and its exit (``else`` included), the targets of ``break``,
``continue``, ``return`` and ``raise`` (every handler of a ``try`` around a ``raise``, and the
way out where none takes it), the ``finally`` bodies on the way. Each way must rebind the name
(an assignment, a loop's, ``with``'s or handler's target, ``del``, a ``def``) or leave the scope
before any code names it (or may read any name: ``globals()``, ``locals()``, ``vars()``,
``eval``, ``exec``). A ``match``, a ``try*``, a statement of one line after a colon, a raise
out of the module, or a walk longer than ``_BUDGET`` blocks answer no. Rare (asked only where
the analysis found a Pending or op a test may skip), so written for clarity, not speed."""

from __future__ import annotations

import builtins
from collections.abc import Sequence
from typing import NamedTuple

import libcst as cst

from tilecheck.syntax.index import SyntaxIndex
from tilecheck.syntax.nodes import target_names
from tilecheck.syntax.walk import children

Statement = cst.BaseStatement | cst.BaseSmallStatement
_OPAQUE = frozenset({"globals", "locals", "vars", "eval", "exec"})  # code that may read any name
_EXCEPTIONS = frozenset(  # the builtin exceptions an ``except Exception`` takes, itself included
    n for n, v in vars(builtins).items() if isinstance(v, type) and issubclass(v, Exception)
)
_BUDGET = 120  # blocks walked at most (and so the depth of the walk's recursion)


class Place(NamedTuple):
    owner: cst.BaseCompoundStatement | None  # whose block holds it (None: the scope's)
    part: str  # "body", "orelse", "handler", "finally"
    block: Sequence[Statement]
    at: int


class Layout(NamedTuple):
    places: dict[cst.CSTNode, Place]  # each statement of the scope -> where it is
    tests: dict[cst.BaseExpression, cst.If]  # each ``if`` test -> its ``if``
    nested: frozenset[str]  # the names some nested function, lambda or class names


def layout(index: SyntaxIndex, scope: cst.CSTNode) -> Layout:
    """The statements of ``scope`` (a function or a module), each with its block."""
    places: dict[cst.CSTNode, Place] = {}
    tests: dict[cst.BaseExpression, cst.If] = {}
    nested: set[str] = set()
    if isinstance(scope, cst.FunctionDef):
        body = suite(scope.body)
    elif isinstance(scope, cst.Module):
        body = scope.body
    else:
        body = ()
    stack: list[tuple[cst.BaseCompoundStatement | None, str, Sequence[Statement]]]
    stack = [(None, "body", body)]
    while stack:
        owner, part, block = stack.pop()
        for i, stmt in enumerate(block):
            places[stmt] = Place(owner, part, block, i)
            if isinstance(stmt, cst.BaseCompoundStatement):
                stack.extend((stmt, inner_part, inner) for inner_part, inner in _blocks(stmt))
            if isinstance(stmt, cst.If):
                tests[stmt.test] = stmt
            if isinstance(stmt, (cst.FunctionDef, cst.ClassDef)):
                nested |= names(stmt)
            elif isinstance(stmt, cst.SimpleStatementLine):
                for node in _nodes(stmt):
                    if isinstance(node, cst.Lambda):
                        nested |= names(node)
    return Layout(places, tests, frozenset(nested))


def _blocks(stmt: cst.BaseCompoundStatement) -> list[tuple[str, Sequence[Statement]]]:
    """The statement blocks directly inside a compound statement, by part."""
    out: list[tuple[str, Sequence[Statement]]] = []
    if isinstance(stmt, cst.If):
        out.append(("body", suite(stmt.body)))
        if isinstance(stmt.orelse, cst.If):
            out.append(("orelse", (stmt.orelse,)))
        elif stmt.orelse is not None:
            out.append(("orelse", suite(stmt.orelse.body)))
    elif isinstance(stmt, (cst.For, cst.While)):
        out.append(("body", suite(stmt.body)))
        if stmt.orelse is not None:
            out.append(("orelse", suite(stmt.orelse.body)))
    elif isinstance(stmt, (cst.Try, cst.TryStar)):
        out.append(("body", suite(stmt.body)))
        out.extend(("handler", suite(h.body)) for h in stmt.handlers)
        if stmt.orelse is not None:
            out.append(("orelse", suite(stmt.orelse.body)))
        if stmt.finalbody is not None:
            out.append(("finally", suite(stmt.finalbody.body)))
    elif isinstance(stmt, cst.Match):
        out.extend(("body", suite(case.body)) for case in stmt.cases)
    elif isinstance(stmt, cst.With):
        out.append(("body", suite(stmt.body)))
    return out


def suite(body: cst.BaseSuite) -> Sequence[Statement]:
    if isinstance(body, cst.IndentedBlock):
        return body.body
    assert isinstance(body, cst.SimpleStatementSuite)
    return (body,)  # type: ignore[return-value]  # (walked as a line of its own)


def _nodes(node: cst.CSTNode) -> list[cst.CSTNode]:
    """``node`` and what is inside it, but the attribute of ``x.attr`` and a keyword's name."""
    out: list[cst.CSTNode] = []
    stack = [node]
    while stack:
        current = stack.pop()
        out.append(current)
        if isinstance(current, (cst.Attribute, cst.Arg)):
            stack.append(current.value)
        else:
            stack.extend(children(current))
    return out


def names(node: cst.CSTNode) -> set[str]:
    """The names ``node`` mentions (at any depth, nested scopes included)."""
    return {n.value for n in _nodes(node) if isinstance(n, cst.Name)}


class NameDrops:
    """Whether, from a point of a scope where ``name`` holds an object alone, every way on lets
    the name go (rebound, or the scope left) before any code may read it."""

    def __init__(self, layout: Layout, name: str, module: bool) -> None:
        self.places = layout.places
        self.name = name
        self.module = module
        self.looped: set[cst.CSTNode] = set()
        self.budget = _BUDGET

    def reads(self, node: cst.CSTNode | None) -> bool:
        if node is None:
            return False
        found = names(node)
        return self.name in found or not found.isdisjoint(_OPAQUE)

    def rebinds(self, target: cst.CSTNode) -> bool:
        return self.name in target_names(target)

    def handled(self, stmt: cst.CSTNode) -> bool:
        """No ``try`` around ``stmt`` has a handler or ``finally`` that may read the name (a
        statement from here on may raise into it)."""
        place = self.places.get(stmt)
        while place is not None and place.owner is not None:
            owner = place.owner
            if isinstance(owner, (cst.Try, cst.TryStar)):
                if owner.finalbody is not None and self.reads(owner.finalbody):
                    return False
                if place.part == "body" and any(self.reads(h) for h in owner.handlers):
                    return False
            place = self.places.get(owner)
        return True

    def branch(self, stmt: cst.If, truth: bool) -> bool:
        """The way out of ``stmt``'s test taken when it is ``truth``, then what follows."""
        if truth:
            return self.run(stmt, "body", suite(stmt.body), 0)
        if stmt.orelse is None:
            return self.after(stmt)
        if isinstance(stmt.orelse, cst.If):
            return self.compound(stmt.orelse)
        return self.run(stmt, "orelse", suite(stmt.orelse.body), 0)

    def run(
        self,
        owner: cst.BaseCompoundStatement | None,
        part: str,
        block: Sequence[Statement],
        i: int,
    ) -> bool:
        """``block[i:]`` of ``owner``'s ``part``, then what follows it."""
        self.budget -= 1
        if self.budget < 0:
            return False
        for stmt in block[i:]:
            if isinstance(stmt, (cst.SimpleStatementLine, cst.SimpleStatementSuite)):
                for small in stmt.body:
                    verdict = self.small(small, stmt)
                    if verdict is not None:
                        return verdict
            elif isinstance(stmt, cst.BaseCompoundStatement):
                return self.compound(stmt)
            else:
                return False
        return self.ended(owner, part)

    def small(self, node: cst.BaseSmallStatement, line: cst.CSTNode) -> bool | None:
        """True: let go here; False: may be read; None: on to the next statement."""
        if isinstance(node, cst.Return):
            return not self.reads(node.value) and self.leave(line, "return")
        if isinstance(node, cst.Raise):
            return not self.reads(node) and self.leave(line, "raise", node)
        if isinstance(node, cst.Break):
            return self.leave(line, "break")
        if isinstance(node, cst.Continue):
            return self.leave(line, "continue")
        if isinstance(node, (cst.Assign, cst.AnnAssign)):
            if node.value is None:
                return False if self.reads(node) else None
            if self.reads(node.value):
                return False
            targets = (
                [t.target for t in node.targets] if isinstance(node, cst.Assign) else [node.target]
            )
            if any(not isinstance(t, cst.Name) and self.reads(t) for t in targets):
                return False
            return True if any(self.rebinds(t) for t in targets) else None
        if isinstance(node, cst.Del):
            if isinstance(node.target, cst.Name) and node.target.value == self.name:
                return True
            return False if self.reads(node.target) else None
        return False if self.reads(node) else None

    def compound(self, stmt: cst.BaseCompoundStatement) -> bool:
        if isinstance(stmt, cst.If):
            if self.reads(stmt.test):
                return False
            return self.branch(stmt, True) and self.branch(stmt, False)
        if isinstance(stmt, cst.For):
            if self.reads(stmt.iter):
                return False
            first = self.rebinds(stmt.target) or self.run(stmt, "body", suite(stmt.body), 0)
            return first and self.exit(stmt)
        if isinstance(stmt, cst.While):
            if self.reads(stmt.test):
                return False
            return self.run(stmt, "body", suite(stmt.body), 0) and (
                _forever(stmt) or self.exit(stmt)
            )
        if isinstance(stmt, cst.With):
            if any(self.reads(item.item) for item in stmt.items):
                return False
            if any(i.asname is not None and self.rebinds(i.asname.name) for i in stmt.items):
                return True
            return self.run(stmt, "body", suite(stmt.body), 0)
        if isinstance(stmt, cst.Try):
            if stmt.finalbody is not None and self.reads(stmt.finalbody):
                return False
            if any(self.reads(h.type) for h in stmt.handlers):
                return False
            return self.run(stmt, "body", suite(stmt.body), 0) and all(
                self.handler(stmt, h) for h in stmt.handlers
            )
        if isinstance(stmt, (cst.FunctionDef, cst.ClassDef)):
            if self.reads(stmt):
                return False
            return stmt.name.value == self.name or self.after(stmt)
        return False  # ``match``, ``try*``: not followed

    def handler(self, stmt: cst.Try, handler: cst.ExceptHandler) -> bool:
        if handler.name is not None and self.rebinds(handler.name.name):
            return True
        return self.run(stmt, "handler", suite(handler.body), 0)

    def after(self, stmt: cst.CSTNode) -> bool:
        place = self.places.get(stmt)
        if place is None:
            return False
        return self.run(place.owner, place.part, place.block, place.at + 1)

    def ended(self, owner: cst.BaseCompoundStatement | None, part: str) -> bool:
        """A block of ``owner`` ran to its end."""
        if owner is None:
            return True  # the scope ends: its names go
        if isinstance(owner, (cst.For, cst.While)) and part == "body":
            return self.again(owner)
        if isinstance(owner, cst.Try) and part == "body" and owner.orelse is not None:
            return self.run(owner, "orelse", suite(owner.orelse.body), 0)
        return self.after(owner)  # (a ``finally`` on the way reads no name: ``compound``)

    def again(self, loop: cst.For | cst.While) -> bool:
        """The end of ``loop``'s body: its next turn, or its exit."""
        if loop in self.looped:
            return True  # around again unread: the ways out are walked from the first time
        self.looped.add(loop)
        if isinstance(loop, cst.For):
            turn = self.rebinds(loop.target) or self.run(loop, "body", suite(loop.body), 0)
            return turn and self.exit(loop)
        return (
            not self.reads(loop.test)
            and self.run(loop, "body", suite(loop.body), 0)
            and (_forever(loop) or self.exit(loop))
        )

    def exit(self, loop: cst.For | cst.While) -> bool:
        if loop.orelse is not None:
            return self.run(loop, "orelse", suite(loop.orelse.body), 0)
        return self.after(loop)

    def leave(self, line: cst.CSTNode, how: str, raised: cst.Raise | None = None) -> bool:
        """A jump from ``line``: to the end of the scope (``return``; a ``raise`` no handler
        takes), after the loop (``break``), to its next turn (``continue``), into every
        handler of a ``try`` around it (``raise``), through the ``finally`` bodies between.
        A ``raise`` that a handler of a ``try`` certainly takes (``_caught``) goes no further
        than that ``try``'s handlers (round 30P: the module's own ``try`` included)."""
        current: cst.CSTNode = line
        while True:
            place = self.places.get(current)
            if place is None:
                return False
            owner = place.owner
            if owner is None:
                return how == "return" or (how == "raise" and not self.module)
            if isinstance(owner, cst.TryStar):
                return False
            if isinstance(owner, cst.Try) and place.part != "finally":
                if owner.finalbody is not None and self.reads(owner.finalbody):
                    return False
                if how == "raise" and place.part == "body":
                    if any(self.reads(h.type) for h in owner.handlers):
                        return False
                    if not all(self.handler(owner, h) for h in owner.handlers):
                        return False
                    if raised is not None and _caught(raised, owner, self.places):
                        return True
            elif isinstance(owner, (cst.For, cst.While)) and place.part == "body":
                if how == "break":
                    return self.after(owner)
                if how == "continue":
                    return self.again(owner)
            current = owner


def _caught(raised: cst.Raise, owner: cst.Try, places: dict[cst.CSTNode, Place]) -> bool:
    """Whether a handler of ``owner`` certainly takes what ``raised`` raises: ``raise X`` or
    ``raise X(...)`` of a name ``X`` that a handler names (alone or in a tuple), a bare
    ``except``, ``BaseException``, or ``Exception`` where ``X`` is a builtin exception that
    derives from it or a class of the scope whose bases all do (named, one level)."""
    exc = raised.exc
    if type(exc) is cst.Call:
        exc = exc.func
    if type(exc) is not cst.Name:
        return False
    raised_name = exc.value
    for handler in owner.handlers:
        kind = handler.type
        kinds = [e.value for e in kind.elements] if type(kind) is cst.Tuple else [kind]
        for k in kinds:
            if k is None:
                return True
            if type(k) is not cst.Name:
                continue
            if k.value in (raised_name, "BaseException"):
                return True
            if k.value == "Exception" and _is_exception(raised_name, places):
                return True
    return False


def _is_exception(name: str, places: dict[cst.CSTNode, Place]) -> bool:
    """``name`` is a builtin subclass of ``Exception``, or the scope defines it once as a class
    whose bases all are, or are ``Exception`` itself."""
    if name in _EXCEPTIONS:
        return True
    defined = [s for s in places if type(s) is cst.ClassDef and s.name.value == name]
    if len(defined) != 1 or not defined[0].bases:
        return False
    bases = [a.value for a in defined[0].bases]
    return all(type(b) is cst.Name and b.value in _EXCEPTIONS for b in bases)


def _forever(loop: cst.While) -> bool:
    return isinstance(loop.test, cst.Name) and loop.test.value == "True"
