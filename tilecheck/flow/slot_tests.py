"""Which ``if`` statements and container adds a ``for`` built slot by slot may hold (round 36A
of issue 17).

``tilecheck.flow.unroll`` builds a small loop over a known iterable once per slot, so each
turn makes objects of its own (``pend = k(...).submit()`` in turn 2 is not turn 1's): a
pipeline whose last turn is never waited (``if prev is not None: prev.wait(); prev = pend``),
or a double buffer swapped each turn, is then judged turn by turn. An ``if`` in such a body
is kept in the slots only where each slot decides it as the analysis can: a test that reads
no name moving with the turn (the loop's target, or a name the body derives from it by
arithmetic, indexing, a comparison: ``s = i % 2``, ``done = name in logged``), a counter
compared with a number (``if i == 2``, ``if i > 0``: ``tilecheck.host.turn_tests`` decides
it from the slot's constant). ``if prev is not None: prev.wait()`` of ``prev = pend`` reads
no moving name (``pend`` is made by a call: each slot's own object, which the slots follow),
while ``if pends[s] is not None`` of ``s = i % 2`` does. A test the analysis cannot
decide slot by slot (``if name in logged: reduce.sync()``) keeps the loop, whose rules
(``tilecheck.host.skipped_runs`` and others) reason about the turns that skip it.

A container add (``append``) of a plain number or string (``sums.append(float(...))``) keeps
no object, so it does not keep the loop either; nor does a ``pop`` by the key a loop over
literal constants takes (``for h in ("q", "k"): pending.pop(h).wait()``), which the slots
follow key by key. Only syntax is read, once per loop.
"""

from __future__ import annotations

from collections.abc import Iterator

import libcst as cst

from tilecheck.flow import peel
from tilecheck.syntax.nodes import target_names

# calls whose result is a plain number, string or flag: what a list of them holds keeps no
# object of the analysis
_PLAIN_CALLS = frozenset(
    {"float", "int", "str", "bool", "round", "len", "abs", "repr", "format", "hash"}
)
_PLAIN_LITERALS = (
    cst.Integer,
    cst.Float,
    cst.SimpleString,
    cst.ConcatenatedString,
    cst.FormattedString,
)


def moving_names(loop: cst.For) -> frozenset[str]:
    """The loop's target names and the names its body derives from them other than by a
    call (a call makes an object of its own in each slot, which the slots follow): by
    arithmetic, a subscript, a comparison, an attribute (``s = i % 2``, ``key = keys[i]``);
    and a name the body updates from itself (``n += 1``, ``flag = not flag``)."""
    moving = set(target_names(loop.target))
    binds = list(_binds(loop.body))
    changed = True
    while changed:
        changed = False
        for names, value in binds:
            if names <= moving:
                continue
            read = set(_read(value)) if value is not None else set()
            if value is None or (type(value) is not cst.Call and read & (moving | names)):
                moving |= names
                changed = True
    return frozenset(moving)


def slot_test(test: cst.BaseExpression, moving: frozenset[str], loop: cst.For) -> bool:
    """Each slot decides ``test`` as the analysis can (see the module's docstring)."""
    kind = type(test)
    if kind is cst.UnaryOperation and type(test.operator) is cst.Not:  # type: ignore[attr-defined]
        return slot_test(test.expression, moving, loop)  # type: ignore[attr-defined]
    if not moving.intersection(_read(test)):
        return True
    if kind is cst.BooleanOperation:
        # (``i > 0 and prev is not None``: a slot decides the counter's part, and the analysis
        # does not narrow the other part beside it; kept as a loop)
        return False
    found = peel.counter(loop)
    return found is not None and peel.tests(test, found[0])


def plain_add(call: cst.Call) -> bool:
    """``xs.append(value)`` of a plain number or string: a literal, an f-string, a call of
    ``float``/``int``/``str``/... (``_PLAIN_CALLS``), or arithmetic of those."""
    return len(call.args) == 1 and not call.args[0].star and _plain(call.args[0].value)


def constant_keys(loop: cst.For, constants: bool) -> frozenset[str]:
    """The loop's target, where it takes a literal constant each turn (``constants``: the
    iterable is a display of them) and is one name: the key each slot pops by."""
    if not constants or type(loop.target) is not cst.Name:
        return frozenset()
    return frozenset({loop.target.value})


def keyed_pop(call: cst.Call, keys: frozenset[str]) -> bool:
    """``d.pop(k)`` by a name of ``keys`` (``constant_keys``): each slot pops its own key, as
    the pops written out one by one (``tilecheck.host.cells`` follows a dict key by key)."""
    if len(call.args) != 1 or call.args[0].star or call.args[0].keyword is not None:
        return False
    key = call.args[0].value
    return type(key) is cst.Name and key.value in keys


def _plain(expr: cst.BaseExpression) -> bool:
    kind = type(expr)
    if isinstance(expr, _PLAIN_LITERALS):
        return True
    if kind is cst.Call:
        func = expr.func  # type: ignore[attr-defined]
        return type(func) is cst.Name and func.value in _PLAIN_CALLS
    if kind is cst.BinaryOperation:
        return _plain(expr.left) and _plain(expr.right)  # type: ignore[attr-defined]
    if kind is cst.UnaryOperation:
        return _plain(expr.expression)  # type: ignore[attr-defined]
    return False


def _binds(body: cst.CSTNode) -> Iterator[tuple[frozenset[str], cst.BaseExpression | None]]:
    """Each name binding of ``body`` (not of functions in it) with the value bound (None:
    one this does not read, a nested ``for``'s target, a ``with``'s, an augmented update)."""
    stack: list[cst.CSTNode] = [body]
    while stack:
        node = stack.pop()
        kind = type(node)
        if kind is cst.FunctionDef or kind is cst.ClassDef or kind is cst.Lambda:
            continue
        if kind is cst.Assign:
            for target in node.targets:  # type: ignore[attr-defined]
                yield frozenset(target_names(target.target)), node.value  # type: ignore[attr-defined]
        elif kind is cst.AnnAssign and node.value is not None:  # type: ignore[attr-defined]
            yield frozenset(target_names(node.target)), node.value  # type: ignore[attr-defined]
        elif kind is cst.AugAssign:
            yield frozenset(target_names(node.target)), None  # type: ignore[attr-defined]
        elif kind is cst.For:
            yield frozenset(target_names(node.target)), None  # type: ignore[attr-defined]
        elif kind is cst.AsName:
            yield frozenset(target_names(node.name)), None  # type: ignore[attr-defined]
        elif kind is cst.NamedExpr:
            yield frozenset(target_names(node.target)), None  # type: ignore[attr-defined]
        stack.extend(node.children)


def _read(expr: cst.CSTNode) -> Iterator[str]:
    """The names ``expr`` reads (lambdas' bodies too: a name they read moves with them)."""
    stack: list[cst.CSTNode] = [expr]
    while stack:
        node = stack.pop()
        if type(node) is cst.Name:
            yield node.value
        elif type(node) is cst.Attribute:
            stack.append(node.value)
        else:
            stack.extend(node.children)
