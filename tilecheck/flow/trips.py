"""How many times a ``for`` runs its body, where the source says so: a literal's length, or "at
least once" for a name the statements just before the loop show to be non-empty.

The CFG leaves out the ways a loop cannot go (around a one-item literal's body, past a
non-empty one's), so no finding is made on a path no run takes. Only syntax is read, and only
the loop's earlier siblings, a few of them, so this costs no walk of the whole body."""

from __future__ import annotations

from collections.abc import Callable, Container, Mapping, Sequence

import libcst as cst

from tilecheck.syntax.constants import const_int, int_value, string_value

# How far back from a loop its earlier siblings are read for what shows its iterable non-empty.
LOOKBACK = 8
# Builtins that read the items of a list given to them and leave it as it is.
_READERS = frozenset({"len", "max", "min", "sorted", "sum", "any", "all", "enumerate", "zip"})

Statement = cst.BaseStatement | cst.BaseSmallStatement
_ADDS_ONE = frozenset({"append", "appendleft", "insert", "add"})  # each adds one item


def int_literal(expr: cst.BaseExpression) -> int | None:
    """``3`` or ``-3``; None for anything else."""
    if isinstance(expr, cst.Integer):
        return int_value(expr)
    if (
        isinstance(expr, cst.UnaryOperation)
        and isinstance(expr.operator, cst.Minus)
        and isinstance(expr.expression, cst.Integer)
    ):
        return -int_value(expr.expression)
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


def counted(iterable: cst.BaseExpression, constants: Mapping[str, int]) -> int | None:
    """How many turns ``range(...)`` of integer expressions of literals and the scope's
    ``constants`` (``range(WARMUP)``, ``range(2 * N)``) makes; None for anything else."""
    args = _builtin_args(iterable, "range")
    if args is None or not 1 <= len(args) <= 3:
        return None
    bounds = [const_int(a, constants) for a in args]
    if any(b is None or (i == 2 and b == 0) for i, b in enumerate(bounds)):
        return None
    return len(range(*(b for b in bounds if b is not None)))


def non_empty(
    iterable: cst.BaseExpression,
    earlier: Sequence[Statement] = (),
    index: int = 0,
    filled: Container[str] = frozenset(),
    outer: Sequence[tuple[Sequence[Statement], int, Statement]] = (),
) -> bool:
    """A ``for`` over ``iterable`` runs its body at least once: a non-empty literal, or a name
    (also ``range(len(name))``, ``enumerate(name)``) that ``earlier[:index]``, the statements
    of the loop's own suite before it, show to be non-empty: bound to a non-empty literal or
    comprehension, or indexed with a constant (``xs[0]``: the program raises there if ``xs``
    is empty), with no other mention of the name in between (which might rebind or empty it);
    ``outer``: the suites around it, innermost first, each with the index of the statement
    holding the loop, looked through where that statement keeps the name (``_keeps``);
    or an attribute ``self.X`` of ``filled`` (``tilecheck.flow.filled``). ``zip(xs, ys)``
    runs as often as its shortest argument: when each of them is non-empty."""
    if length(iterable):
        return True
    offset = _offset_range(iterable)
    if offset is not None:  # ``range(1, len(xs))``, ``range(1, n)``: more than the start
        start, stop = offset
        return _least(stop, start + 1, earlier, index, outer)
    zipped = _zipped(iterable)
    if zipped is not None:
        return all(non_empty(arg, earlier, index, filled, outer) for arg in zipped)
    attribute = _walked_attribute(iterable)
    if attribute is not None:
        return attribute in filled
    name = _walked_name(iterable)
    return name is not None and _least(name, 1, earlier, index, outer)


def _least(
    name: str,
    least: int,
    earlier: Sequence[Statement],
    index: int,
    outer: Sequence[tuple[Sequence[Statement], int, Statement]],
) -> bool:
    """The statements before the loop show that ``name`` holds at least ``least`` items (an
    integer name: is at least ``least``)."""
    seen = 0
    for suite, at, around in [(earlier, index, None), *outer]:
        if around is not None and not _keeps(around, name):
            return False
        for position in range(at - 1, -1, -1):
            seen += 1
            if seen > LOOKBACK:
                return False
            verdict = _shows_non_empty(suite[position], name, least)
            if verdict is not None:
                return verdict
    return False


def _keeps(around: Statement, name: str) -> bool:
    """A statement around the loop (an ``if``, a loop) that cannot empty or rebind ``name``:
    it names it only where its loops walk it (each of its statements, since a loop around runs
    the later ones before the next turn reaches this one)."""
    if isinstance(around, cst.If):
        return not _mentions(around.test, name)
    if isinstance(around, cst.While):
        body: Sequence[Statement] = _suite_of(around.body)
        return not _mentions(around.test, name) and all(_neutral(s, name) for s in body)
    if isinstance(around, cst.For):
        head_ok = _walks_only(around, name) or not (
            _mentions(around.iter, name) or _mentions(around.target, name)
        )
        return head_ok and all(_neutral(s, name) for s in _suite_of(around.body))
    return False


def _neutral(stmt: Statement, name: str) -> bool:
    """``stmt`` leaves ``name`` as it is: no mention, or a loop that only walks it."""
    if isinstance(stmt, cst.For) and _walks_only(stmt, name):
        return True
    return not _mentions(stmt, name)


def _suite_of(body: cst.BaseSuite) -> Sequence[Statement]:
    """The statements of a block (indented, or on the header's line)."""
    return body.body


def _builtin_args(expr: cst.BaseExpression, func: str) -> list[cst.BaseExpression] | None:
    """The positional arguments of a call of ``func`` by its bare name (no keyword, no star)."""
    if not (isinstance(expr, cst.Call) and isinstance(expr.func, cst.Name)):
        return None
    if expr.func.value != func or any(a.keyword is not None or a.star for a in expr.args):
        return None
    return [a.value for a in expr.args]


def _zipped(iterable: cst.BaseExpression) -> list[cst.BaseExpression] | None:
    """The arguments of ``zip(xs, ys)`` (``strict=`` allowed: it only adds a check)."""
    if not (isinstance(iterable, cst.Call) and isinstance(iterable.func, cst.Name)):
        return None
    if iterable.func.value != "zip" or not iterable.args:
        return None
    walked = [a for a in iterable.args if a.keyword is None]
    if any(a.star for a in walked) or any(
        a.keyword is not None and a.keyword.value != "strict" for a in iterable.args
    ):
        return None
    return [a.value for a in walked] or None


def _walked_attribute(iterable: cst.BaseExpression) -> str | None:
    """The attribute ``X`` a loop walks as ``self.X`` (also through ``enumerate``)."""
    args = _builtin_args(iterable, "enumerate")
    if args is not None and len(args) == 1:
        iterable = args[0]
    if (
        isinstance(iterable, cst.Attribute)
        and isinstance(iterable.value, cst.Name)
        and iterable.value.value == "self"
    ):
        return iterable.attr.value
    return None


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


def _shows_non_empty(stmt: Statement, name: str, least: int = 1) -> bool | None:
    """What one earlier statement says of ``name``: True (it makes it hold at least ``least``
    items, or indexes it with a constant wherever it runs that shows as many), False (another
    mention: it may rebind or empty it), None (no mention, or an index that shows fewer)."""
    if isinstance(stmt, cst.SimpleStatementLine):
        verdicts = [_shows_non_empty(small, name, least) for small in stmt.body]
        for verdict in reversed(verdicts):
            if verdict is not None:
                return verdict
        return None
    if isinstance(stmt, cst.Assign) and len(stmt.targets) == 1:
        target = stmt.targets[0].target
        if isinstance(target, cst.Name) and target.value == name:
            if _mentions(stmt.value, name):
                return False
            made = int_literal(stmt.value)  # ``n = 3``: a count, not a container
            return (made if made is not None else value_length(stmt.value)) >= least
    if isinstance(stmt, cst.For) and _walks_only(stmt, name):
        return None  # ``for c in xs: ...`` that names ``xs`` nowhere else leaves it as it is
    if isinstance(stmt, cst.Expr) and least == 1 and _adds_one(stmt.value, name):
        return True  # ``xs.append(x)``: one item at least, whatever it held (round 33D)
    if isinstance(stmt, cst.Del):  # ``del xs[0]`` may empty it
        return False if _mentions(stmt, name) or _indexes(stmt, name) else None
    if isinstance(stmt, (cst.BaseSmallStatement, cst.BaseCompoundStatement)):
        indexed: list[int] = []
        if _mentions(stmt, name, indexed):
            return False
        return True if indexed and max(indexed) >= least else None
    return False


def _adds_one(expr: cst.BaseExpression, name: str) -> bool:
    """``name.append(x)`` (``appendleft``, ``insert``, ``add``) whose arguments do not name it."""
    if not (isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute)):
        return False
    func = expr.func
    return (
        _is_name(func.value, name)
        and func.attr.value in _ADDS_ONE
        and not any(_mentions(a.value, name) for a in expr.args)
    )


def _is_name(expr: cst.BaseExpression, name: str) -> bool:
    return isinstance(expr, cst.Name) and expr.value == name


def _walks_only(loop: cst.For, name: str) -> bool:
    """``loop`` walks ``name`` (itself, ``enumerate`` of it, or an argument of ``zip``) and
    names it nowhere else: its body cannot empty or rebind it."""
    walked = _zipped(loop.iter) or [loop.iter]
    if not any(_walked_name(w) == name for w in walked):
        return False
    if any(_mentions(w, name) for w in walked if _walked_name(w) != name):
        return False
    rest = [loop.target, loop.body] + ([loop.orelse] if loop.orelse is not None else [])
    return not any(_mentions(part, name) for part in rest)


def non_empty_value(value: cst.BaseExpression) -> bool:
    """A non-empty literal, or a list comprehension walking one (one ``for``, no ``if``)."""
    return value_length(value) > 0


def value_length(value: cst.BaseExpression) -> int:
    """How many items a literal, or a list comprehension walking one (one ``for``, no
    ``if``), is known to hold at least (a dict display: its keys, if all different
    constants); 0 where nothing is known."""
    found = length(value)
    if found:
        return found
    if isinstance(value, cst.Dict):
        keys = [e.key for e in value.elements if isinstance(e, cst.DictElement)]
        texts = {string_value(k) for k in keys if isinstance(k, cst.SimpleString)}
        return len(texts) if len(texts) == len(value.elements) else 0
    if isinstance(value, cst.ListComp):
        loop = value.for_in
        if loop.inner_for_in is None and not loop.ifs:
            return length(loop.iter) or int(non_empty(loop.iter))
    return 0


def _offset_range(iterable: cst.BaseExpression) -> tuple[int, str] | None:
    """``range(k, len(xs))`` or ``range(k, n)`` (``k`` a literal, no step): ``k`` and ``xs``
    (``n``)."""
    args = _builtin_args(iterable, "range")
    if args is None or len(args) != 2:
        return None
    start = int_literal(args[0])
    stop = args[1]
    inner = _builtin_args(stop, "len")
    if inner is not None and len(inner) == 1:
        stop = inner[0]
    if start is None or not isinstance(stop, cst.Name):
        return None
    return start, stop.value


def _mentions(node: cst.CSTNode, name: str, indexed: list[int] | None = None) -> bool:
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
        at = int_literal(node.slice[0].slice.value)
        if indexed is not None and at is not None:
            indexed.append(at + 1 if at >= 0 else -at)  # the least length that index shows
        return False
    if isinstance(node, cst.BaseCompoundStatement):
        indexed = None
    if (
        isinstance(node, cst.Call)
        and isinstance(node.func, cst.Name)
        and node.func.value in _READERS
        and not any(a.star for a in node.args)
    ):
        # ``max(xs, key=...)``: read, not emptied or rebound
        given = [a for a in node.args if a.keyword is not None or not _is_name(a.value, name)]
        parts = [a.value for a in given]
        return any(_mentions(part, name) for part in parts)
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
    found: list[int] = []
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


_COMPARE = {
    cst.LessThan: lambda a, b: a < b,
    cst.LessThanEqual: lambda a, b: a <= b,
    cst.GreaterThan: lambda a, b: a > b,
    cst.GreaterThanEqual: lambda a, b: a >= b,
    cst.Equal: lambda a, b: a == b,
    cst.NotEqual: lambda a, b: a != b,
}


def holds_on_entry(test: cst.BaseExpression, before: cst.CSTNode | None) -> bool:
    """A ``while`` test that the statement just before the loop makes true (``attempt = 0``
    then ``while attempt < 2:``; ``done = False`` then ``while not done:``): the body runs at
    least once."""
    if not (isinstance(before, cst.SimpleStatementLine) and len(before.body) == 1):
        return False
    assign = before.body[0]
    if not (
        isinstance(assign, cst.Assign)
        and len(assign.targets) == 1
        and isinstance(assign.targets[0].target, cst.Name)
    ):
        return False
    name = assign.targets[0].target.value
    value: int | None = int_literal(assign.value)
    if isinstance(assign.value, cst.Name) and assign.value.value in ("True", "False"):
        value = int(assign.value.value == "True")
    if value is None:
        return False
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        return isinstance(test.expression, cst.Name) and test.expression.value == name and not value
    if isinstance(test, cst.Name):
        return test.value == name and bool(value)
    if not (isinstance(test, cst.Comparison) and len(test.comparisons) == 1):
        return False
    target = test.comparisons[0]
    compare = _COMPARE.get(type(target.operator))
    left, right = test.left, target.comparator
    if compare is None:
        return False
    if isinstance(left, cst.Name) and left.value == name and int_literal(right) is not None:
        return bool(compare(value, int_literal(right)))
    if isinstance(right, cst.Name) and right.value == name and int_literal(left) is not None:
        return bool(compare(int_literal(left), value))
    return False


def constant_true(test: cst.BaseExpression) -> bool:
    """``True`` or a non-zero integer: a test every run passes (``while True:``)."""
    if isinstance(test, cst.Name):
        return test.value == "True"
    if isinstance(test, cst.Integer):
        return int_value(test) != 0
    return False


def constant_false(test: cst.BaseExpression) -> bool:
    """``False``, ``None`` or zero: a test no run passes (``if False:``)."""
    if isinstance(test, cst.Name):
        return test.value in ("False", "None")
    if isinstance(test, cst.Integer):
        return int_value(test) == 0
    return False


def irrefutable(pattern: cst.MatchPattern) -> bool:
    """A pattern that matches every subject: a wildcard or a capture (``_``, ``name``), one
    of those bound with ``as``, or an alternative of which one is."""
    if isinstance(pattern, cst.MatchAs):
        return pattern.pattern is None or irrefutable(pattern.pattern)
    if isinstance(pattern, cst.MatchOr):
        return any(irrefutable(element.pattern) for element in pattern.patterns)
    return False


def known(
    never: Callable[[cst.BaseExpression], bool] | None, how: str, *nodes: cst.CSTNode
) -> object:
    """What a body's ``never`` predicate knows besides (``tilecheck.host.bound_once.Tests``,
    round 28P: a name bound once to a literal) of a test (``how``: ``"always"``, true wherever
    the body runs) or of a case (``"case"``: whether ``case pattern:`` matches the subject);
    None where it knows nothing (no predicate, or a plain one)."""
    ask = getattr(never, how, None)
    return ask(*nodes) if ask is not None else None
