"""TC204 for a tile slice whose bounds are not compile-time constants. The GPU lowers
``t[:, a:b]`` to an extract of a sub-tile whose index and shape it must know when it compiles,
so a bound may use literals, the module's constants and ``Const`` parameters only; the
interpreter would run a bound computed at run time (a local, a loop variable, a scalar
parameter), and one backend accepting what the other refuses is what these rules prevent."""

from __future__ import annotations

from collections.abc import Iterator

import libcst as cst

from tilecheck.codes import UNSUPPORTED_CONSTRUCT
from tilecheck.kernel.context import KernelContext
from tilecheck.kernel_signature import ParamKind
from tilecheck.syntax.walk import children


def _preorder(root: cst.CSTNode) -> Iterator[cst.CSTNode]:
    """``root`` and the code nodes under it, in source order (the syntax walk's fields, not
    libcst's visitor: this runs on every kernel the checker reads)."""
    stack = [root]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(reversed(list(children(node))))


def _names(bound: cst.BaseExpression) -> Iterator[cst.Name]:
    """The names an expression reads, in source order (an attribute's base, not its
    attribute)."""
    stack: list[cst.CSTNode] = [bound]
    while stack:
        node = stack.pop()
        if type(node) is cst.Name:
            yield node
        elif type(node) is cst.Attribute:
            stack.append(node.value)
        else:
            stack.extend(reversed(list(children(node))))


def check_slices(ctx: KernelContext) -> None:
    """Every name a slice bound reads is a module-level name or a ``Const`` parameter."""
    for node in _preorder(ctx.func.body):
        if type(node) is not cst.Slice:
            continue
        bounds = [b for b in (node.lower, node.upper, node.step) if b is not None]
        # one finding per slice, at its first run-time name
        for name in (name for bound in bounds for name in _names(bound)):
            problem = _not_constant(ctx, name.value)
            if problem is not None:
                ctx.report(
                    UNSUPPORTED_CONSTRUCT,
                    name,
                    f"slice bound `{name.value}` {problem}: the GPU extracts a sub-tile it must "
                    "know when it compiles, so a bound is made of literals, module-level "
                    "constants and Const[int] parameters",
                )
                break


def _not_constant(ctx: KernelContext, name: str) -> str | None:
    kind = ctx.kinds.get(name)
    if kind is ParamKind.CONST:
        return None
    if kind is not None:
        return "is a parameter known only at run time (declare it Const[int])"
    if ctx.is_local(name):
        return f"is a value {ctx.what} computes"
    return None
