"""Small builders and readers of ``ast`` nodes, so the rewriter reads as the cuTile calls it
produces rather than as ``ast`` plumbing."""

from __future__ import annotations

import ast
from collections.abc import Sequence

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
