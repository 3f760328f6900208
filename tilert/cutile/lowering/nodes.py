"""Small builders and readers of ``ast`` nodes, so the rewriter reads as the cuTile calls it
produces rather than as ``ast`` plumbing."""

from __future__ import annotations

import ast
from collections.abc import Sequence

import numpy as np

ZERO_PAD = "ct.PaddingMode.ZERO"


def attr_chain(node: ast.expr) -> list[str] | None:
    """``["tl", "unsafe", "store"]`` for ``tl.unsafe.store``; None unless names all the way."""
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
        return parts[::-1]
    return None


def ct(attr: str) -> ast.expr:
    """``ct.<attr>``."""
    return ast.Attribute(value=ast.Name("ct", ast.Load()), attr=attr, ctx=ast.Load())


def call(func: ast.expr, args: Sequence[ast.expr], **kw: ast.expr) -> ast.Call:
    return ast.Call(func=func, args=list(args), keywords=[ast.keyword(k, v) for k, v in kw.items()])


def tuple_(elts: Sequence[ast.expr]) -> ast.Tuple:
    return ast.Tuple(elts=list(elts), ctx=ast.Load())


def is_none(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and node.value is None


def zero_pad() -> ast.expr:
    """A fresh ``ct.PaddingMode.ZERO`` (loads past an edge read zeros, as the interpreter)."""
    expr: ast.expr = ast.parse(ZERO_PAD, mode="eval").body
    return expr


def local_names(fdef: ast.FunctionDef) -> frozenset[str]:
    """The names a function binds (its parameters and every name it assigns): Python makes
    them local to the whole body, so none of them means a module-level object."""
    names = {a.arg for a in (*fdef.args.posonlyargs, *fdef.args.args, *fdef.args.kwonlyargs)}
    names.update(
        n.id for n in ast.walk(fdef) if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load)
    )
    return frozenset(names)


MAX_ARRAY_CONSTANT = 4096  # elements of a module-level numpy array written out as a tuple


def constant(value: object) -> ast.expr | None:
    """A module-level constant (a bool, int or float, a numpy scalar of one, a tuple of them,
    or a numpy array of them of rank 1 and at most ``MAX_ARRAY_CONSTANT`` elements, indexed as
    a tuple is) as the literal the generated module spells, or None for anything else. The
    generated module has none of the user's globals, so the kernel's constants are written
    into it where they are used."""
    if isinstance(value, np.generic) and value.dtype.kind in "biuf":
        value = value.item()
    if isinstance(value, (bool, int, float)) and type(value) in (bool, int, float):
        return ast.Constant(value) if value == value else None  # (NaN has no literal)
    if isinstance(value, np.ndarray):
        if value.ndim != 1 or value.dtype.kind not in "biuf" or value.size > MAX_ARRAY_CONSTANT:
            return None
        value = tuple(value.tolist())
    if type(value) is tuple:
        items = [constant(v) for v in value]
        if all(i is not None for i in items):
            return tuple_([i for i in items if i is not None])
    return None
