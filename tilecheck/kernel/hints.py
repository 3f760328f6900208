"""What an editor shows of the inferred tile types (``tilecheck lsp``'s hover and inlay hints):
the type of each value a kernel's statements bind, of each local where it is read, of each
``tl`` call, and the tensors and partitions the module's launches pass.

Only what is known is shown; a kernel's types are those of the kernel alone (``(bm, bk)``,
whatever a launch passes), as the code reads them."""

from __future__ import annotations

from collections.abc import Collection

import libcst as cst

from tilecheck.frozen import frozen
from tilecheck.kernel.checker import kernel_context
from tilecheck.kernel.inference import TileTypes
from tilecheck.kernel.launches import Launches
from tilecheck.kernel.tiletypes import Dim, Labels, ScalarType, describe
from tilecheck.kernel.tiletypes import Value as TypeValue
from tilecheck.names import DEVICE_FUNCTION, NameResolver
from tilecheck.syntax.nodes import source_of


@frozen
class TypeHint:
    node: cst.CSTNode  # what the hint is about: a name, a call's function, a launch argument
    name: str  # how hover text names it: "acc", "tl.mma(...)", "x"
    text: str  # "Tile[f32, (bm, bn)]"
    inlay: bool  # an assignment's target: shown after it in the code too


def type_hints(
    module: cst.Module, resolver: NameResolver, launches: Launches, tops: Collection[int]
) -> list[tuple[int, TypeHint]]:
    """The hints in the module statements ``tops`` (an editor asks for what it shows), each
    with its statement: their kernels' and helpers' types and their launches' arguments."""
    hints: list[tuple[int, TypeHint]] = []
    for top in sorted(tops):
        statement = module.body[top]
        if (
            isinstance(statement, cst.FunctionDef)
            and resolver.resolve(statement.name.value) == DEVICE_FUNCTION
        ):
            hints.extend((top, hint) for hint in _kernel_hints(statement, resolver))
    for top, argument, tensor in launches.arguments(tops):
        hints.append((top, TypeHint(argument, source_of(argument), tensor.describe(), inlay=False)))
    return hints


def _kernel_hints(func: cst.FunctionDef, resolver: NameResolver) -> list[TypeHint]:
    ctx, _ = kernel_context(func, resolver)
    types = TileTypes(ctx)
    hints: list[TypeHint] = []

    def add(node: cst.CSTNode, name: str, value: TypeValue | None, inlay: bool) -> None:
        text = _shown(value, name, types.labels) if value is not None else None
        if text is not None:
            hints.append(TypeHint(node, name, text, inlay))

    for target, origin in ctx.facts.assigned:
        add(target, target.value, types.origin(origin), inlay=True)
    for node, dotted in ctx.facts.references:
        if isinstance(node, cst.Name) and ctx.is_local(dotted):
            add(node, dotted, types.name(dotted), inlay=False)
    for site in ctx.facts.calls:
        if ctx.lang_function(site.node) is not None:
            func_node = site.node.func
            shown = func_node.attr if isinstance(func_node, cst.Attribute) else func_node
            add(shown, f"{source_of(func_node)}(...)", types.of(site.node), inlay=False)
    return hints


def _shown(value: TypeValue, name: str, labels: Labels) -> str | None:
    """A local's own symbol shown by what it stands for (``bm: int = c.tile_shape[0]``, not
    ``bm: int = bm``; a ``Const`` parameter ``bk`` is an ``int``)."""
    if isinstance(value, ScalarType) and value.value is not None:
        if value.value == Dim.symbol(name):
            value = ScalarType(value.kind, None, value.weak)
        labels = {key: label for key, label in labels.items() if label != name}
    return describe(value, labels)
