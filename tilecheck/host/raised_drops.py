"""Exceptions operators raise, taken by a handler that names them (round 29F of issue 17).

``1.0 / n``, ``a // n`` and ``a % n`` raise ZeroDivisionError, ``xs[i]`` IndexError or
KeyError, ``int(s)`` and ``float(s)`` ValueError. Any statement may raise, so the raise of an
operator is no way out of its own (it would flag every ``try``); it is one where the code says
it happens: a ``try`` whose first handler to take it names that exception or a base of it
(ArithmeticError, LookupError; Exception, BaseException or a bare ``except`` for all but a
subscript's, as every line has subscripts), or a ``with contextlib.suppress(...)`` naming
one. From such a statement the way the exception takes is walked as a ``raise``'s is
(``tilecheck.host.name_drops``): into that handler and on, or past the ``suppress`` block. A
name that alone holds an op (a Pending) not run (waited) on any path before the statement,
and let go on that way before anything may read it, is dropped there: TC105 (TC108) where it
was made (``tilecheck.host.skipped_waits``). Any other statement, a handler the walk cannot
name (a tuple in a variable, an alias), a ``with`` of another manager on the way, or the
statement naming the holder itself: no way out."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import libcst as cst

from tilecheck.host.name_drops import NameDrops, Statement, suite
from tilecheck.syntax.constants import const_int
from tilecheck.syntax.index import SyntaxIndex
from tilecheck.syntax.walk import children

# each exception an operator raises -> the names of the handlers that take it
_TAKEN_BY: dict[str, frozenset[str]] = {
    "ZeroDivisionError": frozenset({"ZeroDivisionError", "ArithmeticError"}),
    "IndexError": frozenset({"IndexError", "LookupError"}),
    "KeyError": frozenset({"KeyError", "LookupError"}),
    "ValueError": frozenset({"ValueError"}),
}
_ANY = frozenset({"Exception", "BaseException"})
_LOOKUPS = frozenset({"IndexError", "KeyError"})  # raised by a subscript: only a handler
# naming them (or LookupError) says one may happen here
_BUILTIN_EXCEPTIONS = frozenset(
    {
        *(n for names in _TAKEN_BY.values() for n in names),
        *_ANY,
        "TypeError",
        "AttributeError",
        "RuntimeError",
        "OSError",
        "StopIteration",
        "AssertionError",
        "NameError",
        "NotImplementedError",
        "OverflowError",
        "FloatingPointError",
        "UnicodeError",
        "ImportError",
        "TimeoutError",
        "KeyboardInterrupt",
        "SystemExit",
    }
)
_DIVIDING = (cst.Divide, cst.FloorDivide, cst.Modulo)
_AUG_DIVIDING = (cst.DivideAssign, cst.FloorDivideAssign, cst.ModuloAssign)
_STRINGS = (cst.SimpleString, cst.ConcatenatedString, cst.FormattedString)
_PARSERS = frozenset({"int", "float"})
_TYPE_NAMES = frozenset({"list", "dict", "tuple", "set", "type", "frozenset", "Optional"})

# a statement of a ``try`` body or a ``with`` body -> (its line, what in it may raise what)
Raising = tuple[cst.CSTNode, tuple[tuple[cst.CSTNode, str], ...]]


def raising_lines(index: SyntaxIndex, scope: cst.CSTNode) -> dict[cst.CSTNode, Raising]:
    """The small statements of ``scope`` (not of functions or classes inside it) in a ``try``
    or ``with`` body whose operators may raise one of ``_TAKEN_BY``'s exceptions."""
    out: dict[cst.CSTNode, Raising] = {}
    body: Sequence[Statement] = ()
    if isinstance(scope, cst.Module):
        body = scope.body
    elif isinstance(scope, cst.FunctionDef):
        body = suite(scope.body)
    stack: list[tuple[Statement, bool]] = [(stmt, False) for stmt in body]
    while stack:
        stmt, guarded = stack.pop()
        if type(stmt) is cst.SimpleStatementLine:
            if guarded:
                for small in stmt.body:
                    raised = _raised(small)
                    if raised:
                        out[small] = (stmt, raised)
            continue
        if isinstance(stmt, (cst.FunctionDef, cst.ClassDef)) or not isinstance(
            stmt, cst.BaseCompoundStatement
        ):
            continue
        if isinstance(stmt, cst.Try):
            stack.extend((s, True) for s in suite(stmt.body))
            rest = [suite(h.body) for h in stmt.handlers]
            rest += [suite(b.body) for b in (stmt.orelse, stmt.finalbody) if b is not None]
            stack.extend((s, guarded) for block in rest for s in block)
        elif isinstance(stmt, cst.With):
            stack.extend((s, True) for s in suite(stmt.body))
        else:
            inner: list[cst.BaseSuite] = []
            if isinstance(stmt, (cst.If, cst.For, cst.While)):
                inner.append(stmt.body)
                orelse = stmt.orelse
                while isinstance(orelse, cst.If):
                    inner.append(orelse.body)
                    orelse = orelse.orelse
                if orelse is not None:
                    inner.append(orelse.body)
            stack.extend((s, guarded) for b in inner for s in suite(b))
    return out


def _raised(small: cst.BaseSmallStatement) -> tuple[tuple[cst.CSTNode, str], ...]:
    """What in ``small`` may raise which exception (not inside a lambda, not a target's
    subscript, not an annotation)."""
    found: list[tuple[cst.CSTNode, str]] = []
    roots: list[cst.CSTNode]
    if type(small) is cst.Assign:
        roots = [small.value]
    elif type(small) is cst.AnnAssign:
        roots = [small.value] if small.value is not None else []
    elif type(small) is cst.AugAssign:
        roots = [small.value]
        if isinstance(small.operator, _AUG_DIVIDING):
            found.append((small, "ZeroDivisionError"))
    elif type(small) in (cst.Expr, cst.Return):
        roots = [small.value] if small.value is not None else []  # type: ignore[attr-defined]
    else:
        roots = []
    stack = roots
    while stack:
        node = stack.pop()
        kind = type(node)
        if kind is cst.Lambda:
            continue
        if kind is cst.BinaryOperation:
            if isinstance(node.operator, _DIVIDING) and not (  # type: ignore[attr-defined]
                isinstance(node.operator, cst.Modulo)  # type: ignore[attr-defined]
                and isinstance(node.left, _STRINGS)  # type: ignore[attr-defined]
            ):
                found.append((node, "ZeroDivisionError"))
        elif kind is cst.Subscript:
            value = node.value  # type: ignore[attr-defined]
            index = [e.slice for e in node.slice]  # type: ignore[attr-defined]
            typed = type(value) is cst.Name and value.value in _TYPE_NAMES
            if not typed and all(type(i) is cst.Index for i in index):
                found += [(node, "IndexError"), (node, "KeyError")]
        elif kind is cst.Call:
            func, args = node.func, node.args  # type: ignore[attr-defined]
            if type(func) is cst.Name and func.value in _PARSERS and len(args) == 1:
                if not args[0].keyword and not isinstance(args[0].value, cst.Integer | cst.Float):
                    found.append((node, "ValueError"))
        stack.extend(children(node))
    return tuple(found)


def may_raise(node: cst.CSTNode, constants: Mapping[str, int]) -> bool:
    """A divisor not a constant other than zero (``x / 2`` never raises)."""
    if type(node) is cst.BinaryOperation:
        right = node.right
    elif type(node) is cst.AugAssign:
        right = node.value
    else:
        return True
    if type(right) is cst.Float:
        return float(right.value) == 0.0
    value = const_int(right, constants)
    return value is None or value == 0


def taken_way(walk: NameDrops, line: cst.CSTNode, exception: str) -> cst.CSTNode | None:
    """The handler (an ``except`` clause, or a ``with`` item's ``suppress`` call) that takes
    ``exception`` raised at ``line``, when the way it takes there lets the walk's name go
    (``walk``); None when no handler the walk can name takes it, or the name may be read."""
    places = walk.places
    current: cst.CSTNode = line
    while True:
        place = places.get(current)
        if place is None or place.owner is None:
            return None
        owner = place.owner
        if isinstance(owner, cst.Try):
            if owner.finalbody is not None and walk.reads(owner.finalbody):
                return None
            if place.part == "body":
                for handler in owner.handlers:
                    takes = _takes(handler.type, exception)
                    if takes is None:
                        return None
                    if takes:
                        return handler if walk.handler(owner, handler) else None
        elif isinstance(owner, cst.With):
            for item in owner.items:
                taken = _suppressed(item.item, exception)
                if taken is None:
                    return None  # another manager: it may take it, or read the name
                if taken:
                    return item.item if walk.after(owner) else None
        elif not isinstance(owner, (cst.If, cst.For, cst.While)):
            return None
        current = owner


def _takes(kind: cst.BaseExpression | None, exception: str) -> bool | None:
    """Whether an ``except`` of ``kind`` takes ``exception`` (None: not known)."""
    if kind is None:
        return True if exception not in _LOOKUPS else None
    if type(kind) is cst.Tuple:
        seen = [_takes(e.value, exception) for e in kind.elements]
        return True if True in seen else (None if None in seen else False)
    name = kind.value if type(kind) is cst.Name else None
    if name is None or name not in _BUILTIN_EXCEPTIONS:
        return None  # (a class of the program is no base of a builtin exception, but an
        # alias of one may be)
    if name in _ANY:  # (it takes a lookup's too, but says nothing of its happening)
        return True if exception not in _LOOKUPS else None
    return name in _TAKEN_BY[exception]


def _suppressed(manager: cst.BaseExpression, exception: str) -> bool | None:
    """Whether ``with`` ``manager`` takes ``exception``: a ``suppress`` of it or a base, of
    others only (False), anything else not known (None)."""
    if type(manager) is not cst.Call:
        return None
    func = manager.func
    called = func.attr.value if type(func) is cst.Attribute else getattr(func, "value", None)
    if called != "suppress" or not manager.args:
        return None
    seen = [_takes(a.value, exception) if not a.star else None for a in manager.args]
    return True if True in seen else (None if None in seen else False)


def lookup_shown(operator: cst.CSTNode, exception: str, handler: cst.CSTNode) -> str:
    """``exception`` as a finding names it: a subscript's, taken by a handler that takes both
    IndexError and KeyError, is either (a list's or a dict's)."""
    if type(operator) is not cst.Subscript:
        return exception
    kind = handler.type if type(handler) is cst.ExceptHandler else None
    named = (
        {e.value.value for e in kind.elements if type(e.value) is cst.Name}
        if (type(kind) is cst.Tuple)
        else ({kind.value} if type(kind) is cst.Name else set())
    )
    return exception if exception in named else "IndexError or KeyError"
