"""A lambda bound to a name is a function (issue 17, round 26E).

``name = lambda params: value`` means ``def name(params): return value`` (only the function's
``__name__`` differs), so the module is analysed with every such statement written as that
``def``: a call of ``name`` then gets the summary a ``def`` gets (what it returns, borrows,
submits, runs or leaves unrun), in a module, a function, a method or a class body, at any
depth of compound statements. The ``def`` keeps the lambda's own nodes (its name is the
assignment's target, its parameters and its body the lambda's), so findings inside lie at the
lambda's line; the statement stays one statement of its body (the module's statements keep
their numbers). Only a plain assignment is written so: one target, a name, and the lambda the
whole value (``a = b = lambda: ...``, ``kick: T = lambda: ...`` and a lambda inside another
expression stay as they were)."""

from __future__ import annotations

from collections.abc import Sequence

import libcst as cst

Statement = cst.BaseStatement | cst.BaseSmallStatement

# the compound statements whose bodies are followed
_BLOCKS = (cst.If, cst.For, cst.While, cst.With, cst.Try, cst.FunctionDef, cst.ClassDef)


def _as_def(stmt: cst.SimpleStatementLine) -> cst.FunctionDef | None:
    if len(stmt.body) != 1:
        return None
    only = stmt.body[0]
    if type(only) is not cst.Assign or type(only.value) is not cst.Lambda:
        return None
    if len(only.targets) != 1 or type(only.targets[0].target) is not cst.Name:
        return None
    fn = only.value
    name = only.targets[0].target
    ret = cst.SimpleStatementLine([cst.Return(fn.body)])
    return cst.FunctionDef(
        name=name,
        params=fn.params,
        body=cst.IndentedBlock([ret]),
        leading_lines=stmt.leading_lines,
    )


def _body(stmts: Sequence[Statement]) -> list[Statement] | None:
    out: list[Statement] | None = None
    for i, stmt in enumerate(stmts):
        kind = type(stmt)
        new: Statement | None = None
        if kind is cst.SimpleStatementLine:
            new = _as_def(stmt)  # type: ignore[arg-type]
        elif kind in _BLOCKS:
            new = _compound(stmt)
        if new is not None:
            if out is None:
                out = list(stmts[:i])
            out.append(new)
        elif out is not None:
            out.append(stmt)
    return out


def _suite(suite: cst.BaseSuite) -> cst.BaseSuite | None:
    if type(suite) is not cst.IndentedBlock:
        return None
    inner = _body(suite.body)
    return None if inner is None else suite.with_changes(body=inner)


def _compound(stmt: cst.CSTNode) -> Statement | None:
    changes: dict[str, object] = {}
    body = _suite(stmt.body)  # type: ignore[attr-defined]
    if body is not None:
        changes["body"] = body
    orelse = getattr(stmt, "orelse", None)
    if orelse is not None:
        other: cst.CSTNode | None = _compound(orelse) if type(orelse) is cst.If else _else(orelse)
        if other is not None:
            changes["orelse"] = other
    if type(stmt) is cst.Try:
        handlers = [_handler(h) for h in stmt.handlers]
        if any(h is not None for h in handlers):
            changes["handlers"] = [
                h if h is not None else old for h, old in zip(handlers, stmt.handlers, strict=True)
            ]
        if stmt.finalbody is not None:
            final = _suite(stmt.finalbody.body)
            if final is not None:
                changes["finalbody"] = stmt.finalbody.with_changes(body=final)
    return stmt.with_changes(**changes) if changes else None  # type: ignore[return-value]


def _else(node: cst.Else) -> cst.Else | None:
    body = _suite(node.body)
    return None if body is None else node.with_changes(body=body)


def _handler(node: cst.ExceptHandler) -> cst.ExceptHandler | None:
    body = _suite(node.body)
    return None if body is None else node.with_changes(body=body)


def lowered(module: cst.Module) -> cst.Module:
    """``module`` with each ``name = lambda ...: value`` statement written as its ``def`` (the
    module itself where there is none)."""
    body = _body(module.body)
    return module if body is None else module.with_changes(body=body)
