"""Which values of a kernel are known when cuTile compiles it, and which only when it runs.

cuTile's ``float(x)``, ``int(x)`` and ``bool(x)`` take a compile-time constant only; the
interpreter, like Python, converts any scalar (``float(out.index[0])``, ``int(s)`` of a scalar
parameter). The lowering writes a conversion of a run-time value as ``ct.astype`` instead, and
leaves one of a constant (``int(BM // 2)`` used as a shape) to Python's builtin, which cuTile
folds. A value is run-time if it reads a block index, an array's shape, a tensor, tile or
scalar parameter, a call (a load, a reduction, ``bid``; not ``tl.cdiv`` or a builtin of
constants), a local bound from one of these, or a loop's counter."""

from __future__ import annotations

import ast
from collections.abc import Mapping

from tilert.signature import Param, ParamKind

CONVERSIONS = {"float": "float32", "int": "int32", "bool": "bool_"}
_FOLDED_BUILTINS = frozenset({"min", "max", "abs", "int", "float", "bool", "round", "len"})
_FOLDED_LANG = frozenset({"cdiv"})  # ``tl.cdiv`` of constants is one
_RUN_TIME_ATTRIBUTES = frozenset({"index", "shape"})


def run_time_locals(fdef: ast.FunctionDef, params: Mapping[str, Param]) -> frozenset[str]:
    """The local names of ``fdef`` that may hold a value known only when it runs."""
    bindings: list[tuple[str, ast.expr | None]] = []  # None: always a run-time value
    args = fdef.args
    bindings += [(a.arg, None) for a in (*args.posonlyargs, *args.args) if a.arg not in params]
    for node in ast.walk(fdef):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                single = isinstance(target, ast.Name)
                bindings += [(n, node.value if single else None) for n in _names(target)]
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign, ast.NamedExpr)) and isinstance(
            node.target, ast.Name
        ):
            if node.value is not None:
                bindings.append((node.target.id, node.value))
        elif isinstance(node, (ast.For, ast.AsyncFor)):
            bindings += [(n, None) for n in _names(node.target)]
    found: set[str] = set()
    changed = True
    while changed:
        changed = False
        for name, value in bindings:
            if name not in found and (value is None or is_run_time(value, params, found)):
                found.add(name)
                changed = True
    return frozenset(found)


def is_run_time(
    expr: ast.expr, params: Mapping[str, Param], run_time: set[str] | frozenset[str]
) -> bool:
    """Whether ``expr`` (the user's form, before rewriting) may be known only when it runs."""
    if isinstance(expr, ast.Attribute):
        if expr.attr == "tile_shape":
            return False
        if expr.attr in _RUN_TIME_ATTRIBUTES:
            return True
    if isinstance(expr, ast.Call):
        func = expr.func
        folded = (isinstance(func, ast.Name) and func.id in _FOLDED_BUILTINS) or (
            isinstance(func, ast.Attribute) and func.attr in _FOLDED_LANG
        )
        if not folded:
            return True
        arguments = [*expr.args, *(k.value for k in expr.keywords)]
        return any(is_run_time(a, params, run_time) for a in arguments)
    if isinstance(expr, ast.Name):
        param = params.get(expr.id)
        if param is not None:  # a tensor itself, a scalar, a tile: data; a Const: known
            return param.kind is not ParamKind.CONST
        return expr.id in run_time
    return any(
        is_run_time(child, params, run_time)
        for child in ast.iter_child_nodes(expr)
        if isinstance(child, ast.expr)
    )


def _names(target: ast.expr) -> list[str]:
    return [n.id for n in ast.walk(target) if isinstance(n, ast.Name)]
