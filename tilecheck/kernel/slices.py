"""TC204 for a tile slice whose bounds are not compile-time constants. The GPU lowers
``t[:, a:b]`` to an extract of a sub-tile whose index and shape it must know when it compiles,
so a bound may use literals, the module's constants and ``Const`` parameters only; the
interpreter would run a bound computed at run time (a local, a loop variable, a scalar
parameter), and one backend accepting what the other refuses is what these rules prevent."""

from __future__ import annotations

import libcst as cst

from tilecheck.codes import UNSUPPORTED_CONSTRUCT
from tilecheck.kernel.context import KernelContext
from tilecheck.kernel_signature import ParamKind


class _Slices(cst.CSTVisitor):
    def __init__(self) -> None:
        self.slices: list[list[cst.BaseExpression]] = []  # the bounds of each slice

    def visit_Slice(self, node: cst.Slice) -> None:
        self.slices.append([b for b in (node.lower, node.upper, node.step) if b is not None])


class _Names(cst.CSTVisitor):
    """The names an expression reads (an attribute's base, not its attribute)."""

    def __init__(self) -> None:
        self.names: list[cst.Name] = []

    def visit_Name(self, node: cst.Name) -> None:
        self.names.append(node)

    def visit_Attribute(self, node: cst.Attribute) -> bool:
        node.value.visit(self)
        return False


def check_slices(ctx: KernelContext) -> None:
    """Every name a slice bound reads is a module-level name or a ``Const`` parameter."""
    found = _Slices()
    ctx.func.body.visit(found)
    for bounds in found.slices:  # one finding per slice, at its first run-time name
        names = _Names()
        for bound in bounds:
            bound.visit(names)
        for name in names.names:
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
