"""Names that stand for a Mutable parameter (``out = z``) in a kernel body, resolved before
lowering. cuTile knows a partition only by its parameter (its array plus the tile-shape
constants), so ``out.store(t)`` must become ``z``'s store: a name bound once, to the parameter
itself, is replaced by it. A name that holds the parameter on some paths only (a branch, a
conditional expression, a tuple or walrus binding) cannot be resolved and is a KernelError at
its line, rather than source that cuTile rejects."""

from __future__ import annotations

import ast
from collections.abc import Callable, Collection

Fail = Callable[[ast.AST, str], Exception]


def resolve_mutable_aliases(
    fdef: ast.FunctionDef, mutables: Collection[str], fail: Fail
) -> ast.FunctionDef:
    """``fdef`` with every plain alias of a Mutable parameter replaced by the parameter."""
    bindings: dict[str, list[ast.AST]] = {}
    for node in ast.walk(fdef):
        for target, value in _bindings(node):
            for name in _names(target):
                bindings.setdefault(name, []).append(value if value is not None else node)
    params = {a.arg for a in fdef.args.args}
    aliases: dict[str, str] = {}
    for name, values in bindings.items():
        holding = [v for v in values if _may_hold(v, mutables)]
        if not holding:
            continue
        only = values[0]
        if len(values) == 1 and isinstance(only, ast.Name) and name not in params:
            aliases[name] = only.id
            continue
        raise fail(
            holding[0],
            f"`{name}` may hold a Mutable partition on some paths only (or is bound more than "
            "once); name the partition parameter itself where it is stored or loaded",
        )
    if not aliases:
        return fdef
    return _Substitute(aliases).visit(fdef)  # type: ignore[no-any-return]


def _bindings(node: ast.AST) -> list[tuple[ast.expr, ast.expr | None]]:
    """(target, value) pairs a statement or expression binds; value None when unknown."""
    if isinstance(node, ast.Assign):
        out: list[tuple[ast.expr, ast.expr | None]] = []
        for target in node.targets:
            if isinstance(target, ast.Name):
                out.append((target, node.value))
            elif isinstance(target, (ast.Tuple, ast.List)) and isinstance(
                node.value, (ast.Tuple, ast.List)
            ):
                if len(target.elts) == len(node.value.elts):
                    out.extend(zip(target.elts, node.value.elts, strict=True))
                else:
                    out.append((target, None))
            else:
                out.append((target, node.value))
        return out
    if isinstance(node, (ast.AnnAssign, ast.AugAssign)):
        return [(node.target, node.value)]
    if isinstance(node, ast.NamedExpr):
        return [(node.target, node.value)]
    if isinstance(node, (ast.For, ast.comprehension)):
        return [(node.target, None)]
    return []


def _names(target: ast.expr) -> list[str]:
    return [n.id for n in ast.walk(target) if isinstance(n, ast.Name)]


def _may_hold(value: ast.AST, mutables: Collection[str]) -> bool:
    """Whether ``value`` may evaluate to a Mutable parameter (or is a binding we cannot see
    through, such as a loop target or a tuple from an expression)."""
    if isinstance(value, ast.Name):
        return value.id in mutables
    if isinstance(value, ast.IfExp):
        return _may_hold(value.body, mutables) or _may_hold(value.orelse, mutables)
    if isinstance(value, ast.NamedExpr):
        return _may_hold(value.value, mutables)
    if isinstance(value, (ast.Tuple, ast.List)):
        return any(_may_hold(e, mutables) for e in value.elts)
    if isinstance(value, ast.BoolOp):
        return any(_may_hold(e, mutables) for e in value.values)
    return False


class _Substitute(ast.NodeTransformer):
    """Drops ``alias = param`` and reads each alias as its parameter."""

    def __init__(self, aliases: dict[str, str]) -> None:
        self.aliases = aliases

    def visit_Assign(self, node: ast.Assign) -> ast.AST | None:
        target = node.targets[0]
        if len(node.targets) == 1 and isinstance(target, ast.Name) and target.id in self.aliases:
            return None
        return self.generic_visit(node)

    def visit_Name(self, node: ast.Name) -> ast.AST:
        param = self.aliases.get(node.id)
        if param is None or not isinstance(node.ctx, ast.Load):
            return node
        return ast.copy_location(ast.Name(param, ast.Load()), node)
