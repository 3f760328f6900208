"""The rules on inferred tile types (TC207-TC211): a store of a tile that cannot be the
partition's (TC207), an ``mma`` or matrix product of operands that do not fit (TC208), a
reshape that changes the element count (TC209), a ``load_tile`` at a constant index
entirely outside a tensor whose shape a launch shows (TC210) and a tensor loaded in the tiles
of a partition of a larger tensor (TC211).

Each reports only what is certain from the types ``TileTypes`` inferred; where something is
unknown the check is *open*, and the kernel is checked again with what each launch in its
module says (``tilecheck.kernel.launches``), which the rules then report at the kernel's line
with the launch as a label. The runtime runs them at the first launch of each signature, with
the launch's real shapes (``tilecheck.kernel.checker.LaunchRules``). TC210 and TC211, whose
loads are no error where they run (they read zeros), look only at loads that run whenever the
kernel does (``CallSite.always``): a load in a branch a launch never takes reads nothing."""

from __future__ import annotations

from dataclasses import dataclass, field

import libcst as cst

from tilecheck.codes import (
    LOAD_LIKE_SMALLER,
    LOAD_OUTSIDE_TENSOR,
    MMA_MISMATCH,
    RESHAPE_SIZE_MISMATCH,
    STORE_TILE_MISMATCH,
)
from tilecheck.kernel.dtype_rules import MMA_ACCUMULATORS, integer_range
from tilecheck.kernel.facts import CallSite
from tilecheck.kernel.findings import Finding
from tilecheck.kernel.inference import TileTypes
from tilecheck.kernel.lang_api import FUNCTIONS
from tilecheck.kernel.lang_types import argument_shape, bind_arguments, method_shape
from tilecheck.kernel.shape_ops import (
    certainly_differ,
    certainly_equal,
    element_count,
    product_problem,
    product_shape,
)
from tilecheck.kernel.shapes import argument
from tilecheck.kernel.tiletypes import (
    Labels,
    ScalarType,
    SeqType,
    Shape,
    TensorParam,
    TileType,
    show_shape,
    show_tile,
)
from tilecheck.kernel_signature import ParamKind
from tilecheck.syntax.nodes import source_of

_STORE_WHY = "a block stores exactly its own tile (the partition's tile shape)"


@dataclass
class TypeChecks:
    """What the checks found, and whether any was left open for want of a launch."""

    types: TileTypes
    findings: list[Finding] = field(default_factory=list)
    open: bool = False

    def report(self, code: str, node: cst.CSTNode, message: str) -> None:
        self.findings.append(Finding(code, node, message))

    def labels(self) -> dict[str, str]:
        return self.types.labels


def check_tile_types(types: TileTypes) -> TypeChecks:
    checks = TypeChecks(types)
    ctx = types.ctx
    for site in ctx.facts.calls:
        call = site.node
        function = ctx.lang_function(call)
        if function == "mma":
            _mma(checks, call)
        elif function == "matmul":
            _matmul(checks, call, _bound(call, "matmul"))
        elif function == "reshape":
            args = _bound(call, "reshape")
            if args is not None and "t" in args:
                _reshape(
                    checks, call, types.tile(args["t"]), argument_shape(types, args.get("shape"))
                )
        elif function == "load_tile":
            if site.always:
                _load_tile(checks, call)
        elif function == "load_tile_like":
            if site.always:
                _load_tile_like(checks, site)
        elif isinstance(call.func, cst.Attribute):
            _method(checks, call, call.func)
    for node in ctx.facts.matmuls:
        _matmul(checks, node, {"a": node.left, "b": node.right})
    return checks


def _bound(call: cst.Call, function: str) -> dict[str, cst.BaseExpression] | None:
    return bind_arguments(FUNCTIONS[function], call)


def _method(checks: TypeChecks, call: cst.Call, func: cst.Attribute) -> None:
    """``z.store(t)`` of a Mutable parameter; ``t.reshape(...)`` of a tile."""
    types = checks.types
    receiver = types.of(func.value)
    if func.attr.value == "store" and isinstance(receiver, TensorParam):
        tile = argument(call, 0, "tile")
        if types.ctx.kinds.get(receiver.param) is ParamKind.MUTABLE and tile is not None:
            _store(checks, call, receiver.param, tile)
    elif func.attr.value == "reshape" and isinstance(receiver, TileType):
        _reshape(checks, call, receiver, method_shape(types, call))


# -- TC207 --------------------------------------------------------------------------------------


def _store(checks: TypeChecks, call: cst.Call, param: str, tile: cst.BaseExpression) -> None:
    types = checks.types
    partition = types.tile_shape(param)
    dtype = types.dtype_of(param)
    value = types.of(tile)
    assert isinstance(call.func, cst.Attribute)
    if isinstance(value, ScalarType):
        _store_constant(checks, tile, call.func.value, value, dtype)
        return
    if not isinstance(value, TileType):
        checks.open = True
        return
    if certainly_differ(value.shape, partition):
        labels = checks.labels()
        checks.report(
            STORE_TILE_MISMATCH,
            call,
            f"`{source_of(call.func.value)}.store` stores a tile of shape "
            f"{show_tile(value, labels)} into a "
            f"partition tile of {show_shape(partition, labels)} {dtype or '?'}: {_STORE_WHY}",
        )
    elif not certainly_equal(value.shape, partition):
        checks.open = True


def _store_constant(
    checks: TypeChecks,
    node: cst.BaseExpression,
    receiver: cst.BaseExpression,
    value: ScalarType,
    dtype: str | None,
) -> None:
    """An int the partition's integer dtype cannot hold is refused (cuTile's compiler refuses
    such a constant; the interpreter too), never wrapped."""
    known = value.value.value if value.value is not None and value.weak else None
    span = integer_range(dtype) if dtype is not None else None
    if value.kind != "i" or known is None or span is None:
        return
    if not span[0] <= known <= span[1]:
        checks.report(
            STORE_TILE_MISMATCH,
            node,
            f"`{source_of(receiver)}.store({known})` stores the constant {known} into a "
            f"partition tile of {dtype}, which holds {span[0]} to {span[1]}: a constant that "
            "does not fit is refused (cuTile's compiler refuses it), not wrapped",
        )


# -- TC208 --------------------------------------------------------------------------------------


def _mma(checks: TypeChecks, call: cst.Call) -> None:
    types = checks.types
    args = _bound(call, "mma")
    if args is None or not {"a", "b", "acc"} <= set(args):
        return
    a, b = types.tile(args["a"]), types.tile(args["b"])
    acc_value = types.of(args["acc"])
    if isinstance(acc_value, ScalarType) and acc_value.weak:
        checks.report(
            MMA_MISMATCH,
            args["acc"],
            "`tl.mma`'s accumulator must be a tile, "
            f"not the Python scalar `{source_of(args['acc'])}`: start it with `tl.zeros`",
        )
        return
    acc = acc_value if isinstance(acc_value, TileType) else None
    if a is None or b is None or acc is None:
        checks.open = True
        return
    labels = checks.labels()
    problem = _mma_dtypes(a, b, acc) or _product_shapes(a, b, acc, labels)
    if problem is not None:
        checks.report(
            MMA_MISMATCH,
            call,
            f"`tl.mma` of a {show_tile(a, labels)} and b {show_tile(b, labels)} into acc "
            f"{show_tile(acc, labels)}: {problem}",
        )
    elif None in (a.dtype, b.dtype, acc.dtype) or not certainly_equal(
        product_shape(a.shape, b.shape), acc.shape
    ):
        checks.open = True


def _mma_dtypes(a: TileType, b: TileType, acc: TileType) -> str | None:
    if a.dtype is not None and b.dtype is not None and a.dtype != b.dtype:
        return "an mma takes a and b of one dtype (convert one with `tl.astype`)"
    inputs = a.dtype or b.dtype
    if inputs is None or acc.dtype is None:
        return None
    accepted = MMA_ACCUMULATORS.get(inputs, ())
    if acc.dtype in accepted:
        return None
    if not accepted:
        takes = ", ".join(MMA_ACCUMULATORS)
        return f"the GPU's mma takes {takes} inputs, not {inputs}"
    return f"{inputs} inputs accumulate into {' or '.join(accepted)}, not {acc.dtype}"


def _product_shapes(a: TileType, b: TileType, acc: TileType, labels: Labels) -> str | None:
    problem = product_problem(a.shape, b.shape, labels)
    if problem is not None:
        return problem
    product = product_shape(a.shape, b.shape)
    if certainly_differ(product, acc.shape):
        return (
            f"a @ b has shape {show_shape(product, labels)}, but acc has "
            f"{show_shape(acc.shape, labels)}"
        )
    return None


def _matmul(
    checks: TypeChecks, node: cst.CSTNode, args: dict[str, cst.BaseExpression] | None
) -> None:
    types = checks.types
    if args is None or "a" not in args or "b" not in args:
        return
    a, b = types.tile(args["a"]), types.tile(args["b"])
    if a is None or b is None:
        checks.open = True
        return
    labels = checks.labels()
    problem = product_problem(a.shape, b.shape, labels)
    if problem is not None:
        checks.report(
            MMA_MISMATCH,
            node,
            f"the matrix product of a {show_tile(a, labels)} and b {show_tile(b, labels)}: "
            f"{problem}",
        )
    elif product_shape(a.shape, b.shape) is None or _inner_unknown(a.shape, b.shape):
        checks.open = True


def _inner_unknown(a: Shape | None, b: Shape | None) -> bool:
    if not isinstance(a, tuple) or not isinstance(b, tuple):
        return True
    return not certainly_equal(a[-1:], b[-2:-1])


# -- TC209 --------------------------------------------------------------------------------------


def _reshape(
    checks: TypeChecks, call: cst.Call, source: TileType | None, target: Shape | None
) -> None:
    before, after = element_count(source.shape if source else None), element_count(target)
    if source is None or before is None or after is None:
        checks.open = True
        return
    if before.differs(after):
        labels = checks.labels()
        checks.report(
            RESHAPE_SIZE_MISMATCH,
            call,
            f"reshapes a tile of shape {show_tile(source, labels)} ({before.show(labels)} "
            f"elements) into {show_shape(target, labels)} ({after.show(labels)} elements): a "
            "reshape keeps every element, so the counts must be equal",
        )
    elif before != after:
        checks.open = True


# -- TC210 --------------------------------------------------------------------------------------


def _load_tile(checks: TypeChecks, call: cst.Call) -> None:
    types = checks.types
    assert isinstance(call.func, cst.Attribute)
    receiver = types.of(call.func.value)
    shape_arg, index_arg = argument(call, 0, "shape"), argument(call, 1, "index")
    if not isinstance(receiver, TensorParam) or shape_arg is None or index_arg is None:
        return
    like = _partition_tiles(checks, shape_arg, index_arg)
    if like is not None:  # ``x.load_tile(z.tile_shape, z.index)``: ``load_tile_like(x, z)``
        _smaller(checks, call, receiver.param, like)
        return
    index = types.of(index_arg)
    items = index.items if isinstance(index, SeqType) else (index,)
    constants = [
        i.value.value if isinstance(i, ScalarType) and i.value is not None else None for i in items
    ]
    # a part a launch may make constant (a ``Const`` parameter, a module constant)
    symbolic = [isinstance(i, ScalarType) and i.value is not None for i in items]
    if all(c is None for c in constants):
        checks.open = checks.open or any(symbolic)
        return
    tensor = types.tensor_shape(receiver.param)
    tile = argument_shape(types, shape_arg)
    if not isinstance(tensor, tuple) or not isinstance(tile, tuple):
        checks.open = True
        return
    if len(tensor) != len(tile) or len(tile) != len(constants):
        return
    for axis, (at, dim, extent) in enumerate(zip(constants, tile, tensor, strict=True)):
        size = dim.value if dim is not None else None
        total = extent.value if extent is not None else None
        if at is None or size is None or total is None:
            checks.open = checks.open or at is not None or symbolic[axis]
            continue
        if at < 0 or at * size >= total:
            labels = checks.labels()
            first = at * size
            checks.report(
                LOAD_OUTSIDE_TENSOR,
                index_arg,
                f"`{source_of(call.func)}` loads the tile at index {at} of axis {axis} (elements "
                f"{first} to {first + size - 1}), but `{receiver.param}` has shape "
                f"{show_shape(tensor, labels)}: the tile is entirely outside the tensor and "
                "reads only zeros",
            )
            return


# -- TC211 --------------------------------------------------------------------------------------


def _load_tile_like(checks: TypeChecks, site: CallSite) -> None:
    args = _bound(site.node, "load_tile_like")
    if args is None or "x" not in args or "z" not in args:
        return
    types = checks.types
    x, z = types.of(args["x"]), types.of(args["z"])
    if not isinstance(x, TensorParam) or not isinstance(z, TensorParam):
        return
    if types.ctx.kinds.get(z.param) is ParamKind.MUTABLE:
        _smaller(checks, site.node, x.param, z.param)


def _partition_tiles(
    checks: TypeChecks, shape: cst.BaseExpression, index: cst.BaseExpression
) -> str | None:
    """The Mutable parameter ``z`` when a load's shape is ``z.tile_shape`` and its index the
    block's tile of ``z`` (``z.index``, or a ``for idx in z.tiles()`` index), each written in
    place or as a local assigned it once; else None."""
    ctx = checks.types.ctx
    shape_of = _attribute_of(checks, shape, "tile_shape")
    if shape_of is None or ctx.kinds.get(shape_of) is not ParamKind.MUTABLE:
        return None
    if _attribute_of(checks, index, "index") == shape_of:
        return shape_of
    if isinstance(index, cst.Name):
        part = ctx.tensors.tile_index(index.value)
        if part is not None and part.position is None:
            if ctx.tensors.root(part.receiver) == shape_of:
                return shape_of
    return None


def _attribute_of(checks: TypeChecks, expr: cst.BaseExpression, attribute: str) -> str | None:
    """``p`` for ``w.<attribute>`` where ``w`` always stands for the parameter ``p``."""
    ctx = checks.types.ctx
    if isinstance(expr, cst.Name):
        only = ctx.only_value(expr)
        expr = only if only is not None else expr
    if (
        isinstance(expr, cst.Attribute)
        and expr.attr.value == attribute
        and isinstance(expr.value, cst.Name)
    ):
        return ctx.tensors.root(expr.value.value)
    return None


def _smaller(checks: TypeChecks, call: cst.Call, x: str, z: str) -> None:
    """TC211: ``x`` loaded in the tiles of ``z``'s partition, where ``x`` is smaller than
    ``z`` along an axis (or of another rank): ``z``'s tiles past ``x``'s edge read zeros."""
    types = checks.types
    have, want = types.tensor_shape(x), types.tensor_shape(z)
    if not isinstance(have, tuple) or not isinstance(want, tuple):
        checks.open = True
        return
    labels = checks.labels()
    shown = f"`{x}` has shape {show_shape(have, labels)} and `{z}` {show_shape(want, labels)}"
    if len(have) != len(want):
        checks.report(
            LOAD_LIKE_SMALLER,
            call,
            f"`{source_of(call)}` loads `{x}` in the tiles of `{z}`, but {shown}: the ranks "
            "differ, so no tile of one is a tile of the other",
        )
        return
    for axis, (n, m) in enumerate(zip(have, want, strict=True)):
        if n is None or m is None or n.value is None or m.value is None:
            checks.open = checks.open or n != m
            continue
        if n.value < m.value:
            checks.report(
                LOAD_LIKE_SMALLER,
                call,
                f"`{source_of(call)}` loads `{x}` in the tiles of `{z}`, but {shown}: `{x}` is "
                f"smaller along axis {axis} ({n.value} < {m.value}), so `{z}`'s tiles past "
                f"`{x}`'s edge read zeros, on the GPU with no error. Pass tensors of one "
                f"shape, or load `{x}.load_tile(shape, index)` where that is meant",
            )
            return
