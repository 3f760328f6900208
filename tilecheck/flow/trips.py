"""How many times a ``for`` runs its body, where the source says so: a literal's length, or "at
least once" for a name the statements just before the loop show to be non-empty.

The CFG leaves out the ways a loop cannot go (around a one-item literal's body, past a
non-empty one's), so no finding is made on a path no run takes. Only syntax is read, and only
the loop's earlier siblings, a few of them, so this costs no walk of the whole body."""

from __future__ import annotations

from collections.abc import Sequence

import libcst as cst

# How far back from a loop its earlier siblings are read for what shows its iterable non-empty.
LOOKBACK = 8

Statement = cst.BaseStatement | cst.BaseSmallStatement


def int_literal(expr: cst.BaseExpression) -> int | None:
    """``3`` or ``-3``; None for anything else."""
    if isinstance(expr, cst.Integer):
        return int(expr.evaluated_value)
    if (
        isinstance(expr, cst.UnaryOperation)
        and isinstance(expr.operator, cst.Minus)
        and isinstance(expr.expression, cst.Integer)
    ):
        return -int(expr.expression.evaluated_value)
    return None


def length(iterable: cst.BaseExpression) -> int | None:
    """How many items a literal tuple or list (no starred item), or a ``range(...)`` of integer
    literals, has; None for anything else."""
    if isinstance(iterable, (cst.Tuple, cst.List)):
        if any(isinstance(e, cst.StarredElement) for e in iterable.elements):
            return None
        return len(iterable.elements)
    args = _builtin_args(iterable, "range")
    if args is not None and 1 <= len(args) <= 3:
        bounds = [int_literal(a) for a in args]
        if any(b is None or (i == 2 and b == 0) for i, b in enumerate(bounds)):
            return None
        return len(range(*(b for b in bounds if b is not None)))
    return None


def non_empty(
    iterable: cst.BaseExpression, earlier: Sequence[Statement] = (), index: int = 0
) -> bool:
    """A ``for`` over ``iterable`` runs its body at least once: a non-empty literal, or a name
    (also ``range(len(name))``, ``enumerate(name)``) that ``earlier[:index]``, the statements
    of the loop's own suite before it, show to be non-empty: bound to a non-empty literal or
    comprehension, or indexed with a constant (``xs[0]``: the program raises there if ``xs``
    is empty), with no other mention of the name in between (which might rebind or empty it)."""
    if length(iterable):
        return True
    name = _walked_name(iterable)
    if name is None:
        return False
    for position in range(index - 1, max(index - LOOKBACK, 0) - 1, -1):
        verdict = _shows_non_empty(earlier[position], name)
        if verdict is not None:
            return verdict
    return False


def _builtin_args(expr: cst.BaseExpression, func: str) -> list[cst.BaseExpression] | None:
    """The positional arguments of a call of ``func`` by its bare name (no keyword, no star)."""
    if not (isinstance(expr, cst.Call) and isinstance(expr.func, cst.Name)):
        return None
    if expr.func.value != func or any(a.keyword is not None or a.star for a in expr.args):
        return None
    return [a.value for a in expr.args]


def _walked_name(iterable: cst.BaseExpression) -> str | None:
    """The container a loop walks item by item: ``xs``, ``range(len(xs))``, ``enumerate(xs)``."""
    if isinstance(iterable, cst.Name):
        return iterable.value
    for func in ("enumerate", "len"):
        args = _builtin_args(iterable, func)
        if args is not None and len(args) == 1 and isinstance(args[0], cst.Name):
            return args[0].value
    args = _builtin_args(iterable, "range")
    if args is not None and len(args) == 1:
        return _walked_name(args[0]) if _builtin_args(args[0], "len") is not None else None
    return None


def _shows_non_empty(stmt: Statement, name: str) -> bool | None:
    """What one earlier statement says of ``name``: True (it makes it non-empty, or indexes it
    with a constant wherever it runs), False (another mention: it may rebind or empty it),
    None (no mention)."""
    if isinstance(stmt, cst.SimpleStatementLine):
        verdicts = [_shows_non_empty(small, name) for small in stmt.body]
        for verdict in reversed(verdicts):
            if verdict is not None:
                return verdict
        return None
    if isinstance(stmt, cst.Assign) and len(stmt.targets) == 1:
        target = stmt.targets[0].target
        if isinstance(target, cst.Name) and target.value == name:
            return _non_empty_value(stmt.value) and not _mentions(stmt.value, name)
    if isinstance(stmt, cst.Del):  # ``del xs[0]`` may empty it
        return False if _mentions(stmt, name) or _indexes(stmt, name) else None
    if isinstance(stmt, (cst.BaseSmallStatement, cst.BaseCompoundStatement)):
        indexed: list[bool] = []
        if _mentions(stmt, name, indexed):
            return False
        return True if indexed else None
    return False


def _non_empty_value(value: cst.BaseExpression) -> bool:
    """A non-empty literal, or a list comprehension walking one (one ``for``, no ``if``)."""
    if length(value):
        return True
    if isinstance(value, cst.ListComp):
        loop = value.for_in
        return loop.inner_for_in is None and not loop.ifs and non_empty(loop.iter)
    return False


def _mentions(node: cst.CSTNode, name: str, indexed: list[bool] | None = None) -> bool:
    """``node`` names ``name`` other than in ``name[<constant>]`` evaluated wherever ``node``
    runs; each such index found is noted in ``indexed`` (where given; a compound statement's
    are not, their bodies may not run)."""
    if isinstance(node, cst.Name):
        return node.value == name
    if (
        isinstance(node, cst.Subscript)
        and isinstance(node.value, cst.Name)
        and node.value.value == name
        and len(node.slice) == 1
        and isinstance(node.slice[0].slice, cst.Index)
        and int_literal(node.slice[0].slice.value) is not None
    ):
        if indexed is not None:
            indexed.append(True)
        return False
    if isinstance(node, cst.BaseCompoundStatement):
        indexed = None
    for child, always in _children(node):
        if _mentions(child, name, indexed if always else None):
            return True
    return False


def _children(node: cst.CSTNode) -> list[tuple[cst.CSTNode, bool]]:
    """``node``'s children, each with whether it is evaluated wherever ``node`` is (not a
    conditional's branch, the right of ``and``/``or``, a lambda's or a comprehension's body)."""
    if isinstance(node, cst.IfExp):
        return [(node.test, True), (node.body, False), (node.orelse, False)]
    if isinstance(node, cst.BooleanOperation):
        return [(node.left, True), (node.right, False)]
    if isinstance(node, cst.Lambda):
        return [(node.params, False), (node.body, False)]
    if isinstance(node, (cst.ListComp, cst.SetComp, cst.GeneratorExp, cst.DictComp)):
        return _comprehension(node)
    return [(child, True) for child in node.children]


def _indexes(node: cst.CSTNode, name: str) -> bool:
    """``node`` indexes ``name`` with a constant somewhere."""
    found: list[bool] = []
    _mentions(node, name, found)
    return bool(found)


def _comprehension(
    node: cst.ListComp | cst.SetComp | cst.GeneratorExp | cst.DictComp,
) -> list[tuple[cst.CSTNode, bool]]:
    """A comprehension evaluates its first iterable; the rest runs per item, if any."""
    first = node.for_in.iter
    return (
        [(first, True)]
        + [(c, False) for c in node.children if c is not node.for_in]
        + [(c, False) for c in node.for_in.children if c is not first]
    )
