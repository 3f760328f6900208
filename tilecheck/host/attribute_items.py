"""Ops kept one by one in a list attribute (round 14 of issue 17): ``__init__`` sets
``self.ops = [k(...), ...]`` (a display of known length, each item one op), and a method runs
each of them on every call (``for op in self.ops: op.submit().wait()``). The caller keeps the
ops under ``obj.ops[i]`` as it keeps a local list's items, so a second call of that method on
the same instance runs each op again: TC110 where the runtime raises, at the run in the method
(``Receivers.attribute_reruns``).

The method's fact is read from its syntax: the ``for`` is a statement of its body every call
reaches (only simple lines before it, none returning or raising), the run is a line of the
loop's body every turn reaches, the loop's name is not bound again before it, and the method
names ``self.ops`` nowhere else (it neither adds to nor takes from the list). Any other method
that names the attribute, an instance given to unknown code, and a caller's own change of the
list (``obj.ops.pop()``: its length is no longer known) drop the fact: the run counts as a
first one, as before."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

import libcst as cst

from tilecheck.host.model import Kind, Oids
from tilecheck.host.summary import Result
from tilecheck.syntax.walk import children

# What ends a statement line's run (exact types: ``tilecheck.syntax.exact``).
_LEAVES: frozenset[type[cst.CSTNode]] = frozenset({cst.Return, cst.Raise, cst.Break, cst.Continue})

# The calls that run an op (``op.sync()``, ``op.submit(...)``), as ``Summary.runs`` says how.
_RUNS = frozenset({"sync", "submit"})
# The suffix ``Summary.runs`` gives an attribute whose items a method runs one by one.
EACH = "[*]"


def _ends_flow(stmt: cst.CSTNode) -> bool:
    """A simple line that may leave the loop's turn or the body (``break``, ``return``, ...)."""
    if type(stmt) is not cst.SimpleStatementLine:
        return True
    return any(type(s) in _LEAVES for s in stmt.body)


def _binds(stmt: cst.SimpleStatementLine, name: str) -> bool:
    """The line assigns ``name`` (or deletes it)."""
    for small in stmt.body:
        targets: list[cst.BaseExpression] = []
        if isinstance(small, cst.Assign):
            targets = [t.target for t in small.targets]
        elif isinstance(small, (cst.AugAssign, cst.AnnAssign)):
            targets = [small.target]
        elif isinstance(small, cst.Del):
            targets = [small.target]
        stack: list[cst.CSTNode] = list(targets)
        while stack:
            node = stack.pop()
            if isinstance(node, cst.Name) and node.value == name:
                return True
            stack.extend(children(node))
    return False


def _run_of(stmt: cst.SimpleStatementLine, name: str) -> tuple[str, cst.Call] | None:
    """``name.sync()`` or ``name.submit(...)`` as the line's expression or assigned value,
    alone or waited at once (``name.submit().wait()``): how it runs, and that call."""
    if len(stmt.body) != 1:
        return None
    small = stmt.body[0]
    value = small.value if isinstance(small, (cst.Expr, cst.Assign)) else None
    if (
        isinstance(value, cst.Call)
        and isinstance(value.func, cst.Attribute)
        and value.func.attr.value == "wait"
        and isinstance(value.func.value, cst.Call)
    ):
        value = value.func.value
    if (
        isinstance(value, cst.Call)
        and isinstance(value.func, cst.Attribute)
        and value.func.attr.value in _RUNS
        and isinstance(value.func.value, cst.Name)
        and value.func.value.value == name
    ):
        return value.func.attr.value, value
    return None


def _self_attribute(expr: cst.BaseExpression, me: str) -> str | None:
    if isinstance(expr, cst.Attribute) and isinstance(expr.value, cst.Name):
        if expr.value.value == me:
            return expr.attr.value
    return None


def _namings(fn: cst.FunctionDef, me: str, attr: str) -> int:
    """How many times the body names ``self.attr``."""
    count = 0
    stack: list[cst.CSTNode] = [fn.body]
    while stack:
        node = stack.pop()
        if isinstance(node, cst.Attribute) and _self_attribute(node, me) == attr:
            count += 1
        stack.extend(children(node))
    return count


def each_run(fn: cst.FunctionDef, me: str | None) -> tuple[tuple[str, str, cst.CSTNode], ...]:
    """(``X[*]``, how, the run's call) for each ``for op in self.X:`` loop of ``fn`` that runs
    each item on every call, ``self.X`` named nowhere else in ``fn``."""
    if me is None:
        return ()
    found: list[tuple[str, str, cst.CSTNode]] = []
    for stmt in fn.body.body:
        if not isinstance(stmt, cst.For):
            if _ends_flow(stmt):
                break
            continue
        attr = _self_attribute(stmt.iter, me)
        target = stmt.target
        if attr is None or not isinstance(target, cst.Name) or stmt.asynchronous is not None:
            break
        for inner in stmt.body.body:
            if not isinstance(inner, cst.SimpleStatementLine):
                break
            run = _run_of(inner, target.value)
            if run is not None:
                if _namings(fn, me, attr) == 1:
                    found.append((attr + EACH, run[0], run[1]))
                break
            if _ends_flow(inner) or _binds(inner, target.value):
                break
        break  # a later statement may be reached by no call (the loop may raise)
    return tuple(found)


def kept_ops(
    env: Mapping[str, Oids],
    me: str,
    kind_of: Callable[[int], Kind],
    result: Callable[[Oids], Result],
) -> tuple[tuple[str, tuple[Result, ...]], ...]:
    """The list attributes a method leaves holding a display of known length whose every item
    is one op (``self.ops = [k(x.partition(s))]``), item by item."""
    prefix = me + "."
    out: list[tuple[str, tuple[Result, ...]]] = []
    for path in sorted(env):
        if not path.startswith(prefix) or not path.endswith("]") or "[#" not in path:
            continue
        attr, _, length = path[len(prefix) : -1].partition("[#")
        if "." in attr or "[" in attr or not length.isdigit() or int(length) < 1:
            continue
        items: list[Result] = []
        for i in range(int(length)):
            held = env.get(f"{prefix}{attr}[{i}]")
            if held is None or len(held) != 1 or any(kind_of(o) is not Kind.OP for o in held):
                break
            found = result(held)
            if found.kind is not Kind.OP:
                break
            items.append(found)
        else:
            out.append((attr, tuple(items)))
    return tuple(out)


def left_alone(nodes: Iterable[cst.CSTNode], name: str, attr: str) -> bool:
    """The caller's code names the instance ``name`` only to call or read its attributes (or to
    bind it), and names ``name.attr`` nowhere: the list is changed by its methods alone (no
    ``name.ops.pop()``, no alias of the list or of the instance)."""
    stack: list[cst.CSTNode] = list(nodes)
    while stack:
        node = stack.pop()
        if isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name):
            if node.value.value == name:
                if node.attr.value == attr:
                    return False
                continue
        elif isinstance(node, (cst.AssignTarget, cst.For)) and isinstance(node.target, cst.Name):
            if node.target.value == name:
                stack.extend(c for c in children(node) if c is not node.target)
                continue
        elif isinstance(node, cst.Name) and node.value == name:
            return False
        stack.extend(children(node))
    return True
