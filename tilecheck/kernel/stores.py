"""Writes in a kernel: never through a Shared parameter (TC201), and through a Mutable one
only to the block's own tile, with one tile shape (TC202).

A Mutable partition gives each block one tile (or, mapped, the tiles ``z.tiles()`` yields to
it); any other index names a tile another block owns, and writing it races with that block.
Reading it races too, so ``z.load(at=...)`` follows the same rule."""

from __future__ import annotations

import dataclasses

import libcst as cst

from tilecheck.codes import STORE_OUTSIDE_TILE, STORE_TO_SHARED, UNSUPPORTED_CONSTRUCT
from tilecheck.frozen import frozen
from tilecheck.kernel.context import KernelContext
from tilecheck.kernel.facts import CallSite
from tilecheck.kernel.shapes import TileShapes, argument
from tilecheck.kernel.tensors import TileIndexPart, value_names
from tilecheck.kernel_signature import ParamKind
from tilecheck.names import is_unsafe
from tilecheck.syntax.nodes import dotted_name, head_of, source_of

MAX_TILE_RANK = 3
_WRITING_UNSAFE_OPS = ("store", "atomic")  # tl.unsafe.store, tl.unsafe.atomic_add, ...


@frozen
class _Store:
    call: cst.Call
    partition: str  # the Mutable parameter written
    shape: tuple[int, ...] | None


def check_stores(ctx: KernelContext) -> None:
    shapes = TileShapes(ctx.lang_function, ctx.only_value)
    stores: list[_Store] = []
    for site in ctx.facts.calls:
        dotted = site.dotted
        if dotted is None:
            _expression_store(ctx, site.node)
            continue
        head, _, method = dotted.partition(".")
        if ctx.is_local(head) and method in ("store", "load"):
            store = _method(ctx, site, head, method, shapes)
            if store is not None:
                stores.append(store)
        elif not ctx.is_local(head) and is_unsafe(ctx.meaning(dotted)):
            _unsafe_write(ctx, site.node, dotted)
    _check_shapes(ctx, stores)
    for target in ctx.facts.item_writes:
        _item_write(ctx, target)


def _method(
    ctx: KernelContext, site: CallSite, receiver: str, method: str, shapes: TileShapes
) -> _Store | None:
    parameter = ctx.tensors.root(receiver)
    kind = ctx.kinds.get(parameter) if parameter is not None else None
    call = site.node
    if method == "store":
        if kind == ParamKind.SHARED:
            alias = f" (an alias of `{parameter}`)" if parameter != receiver else ""
            ctx.report(
                STORE_TO_SHARED,
                call,
                f"`{receiver}`{alias} is Shared (read-only); store only through a Mutable "
                f"parameter, e.g. `out.store(tile)` with `out: Mutable[Tensor[...]]`",
                ctx.declared_here(parameter, "Shared"),
            )
            return None
        shared = _shared_among(ctx, ctx.tensors.may_stand_for(receiver))
        if shared is not None:
            _may_store_to_shared(ctx, call, receiver, shared)
            return None
    if kind != ParamKind.MUTABLE or parameter is None:
        return None
    at = argument(call, 1, "at") if method == "store" else argument(call, 0, "at")
    if at is not None:
        _check_index(ctx, call, receiver, parameter, method, at)
    elif method == "store" and any(ctx.tensors.root(r) == parameter for r in site.tiles_loops):
        ctx.report(
            STORE_OUTSIDE_TILE,
            call,
            f"inside `for ... in {receiver}.tiles()`, say which tile: "
            f"`{receiver}.store(tile, at=idx)` with the loop's index",
        )
    if method != "store":
        return None
    tile = argument(call, 0, "tile")
    return _Store(call, parameter, shapes.of(tile) if tile is not None else None)


def _shared_among(ctx: KernelContext, parameters: frozenset[str]) -> str | None:
    """The first Shared parameter among those a name or expression may stand for."""
    return next((p for p in sorted(parameters) if ctx.kinds.get(p) == ParamKind.SHARED), None)


def _may_store_to_shared(
    ctx: KernelContext, node: cst.CSTNode, written: str, shared: str, *, certain: bool = False
) -> None:
    """TC201 through a may-alias: a binding on some path makes ``written`` the Shared
    ``shared`` (``out = x`` in a branch, ``x if c else z``, a swap in a loop)."""
    how = "is" if certain else "may be"
    why = "" if certain else " (it is bound to it on some path)"
    ctx.report(
        STORE_TO_SHARED,
        node,
        f"`{written}` {how} the Shared (read-only) parameter `{shared}`{why}, and a Shared "
        "parameter is never written; store only through a Mutable parameter, e.g. "
        "`out.store(tile)` with `out: Mutable[Tensor[...]]`",
        ctx.declared_here(shared, "Shared"),
    )


def _certainly(ctx: KernelContext, expr: cst.BaseExpression, shared: str) -> bool:
    """``expr`` is ``shared`` on every path (``(w := x)``)."""
    return all(ctx.tensors.root(name) == shared for name in value_names(expr))


def _expression_store(ctx: KernelContext, call: cst.Call) -> None:
    """``(w := x).store(...)``, ``(x if c else z).store(...)``: TC201 when the receiver may
    be a Shared parameter."""
    func = call.func
    if not isinstance(func, cst.Attribute) or func.attr.value != "store":
        return
    shared = _shared_among(ctx, ctx.tensors.may_hold(func.value))
    if shared is not None:
        certain = _certainly(ctx, func.value, shared)
        _may_store_to_shared(ctx, call, source_of(func.value), shared, certain=certain)


def _check_index(
    ctx: KernelContext,
    call: cst.Call,
    receiver: str,
    parameter: str,
    method: str,
    at: cst.BaseExpression,
) -> None:
    source = _index_source(ctx, at)
    walked = ctx.tensors.root(source.receiver) if source is not None else None
    # the tiles of any Mutable parameter are the block's own tiles of every Mutable parameter:
    # a launch refuses partitions of different grids or mappings (tilert/_launch.py, _grid)
    if walked is not None and ctx.kinds.get(walked) == ParamKind.MUTABLE:
        return
    verb = "writing" if method == "store" else "reading"
    if source is not None:
        why = (
            f"`{source_of(at)}` walks the tiles of `{source.receiver}`, not of `{receiver}`; "
            f"use an index from `for idx in {receiver}.tiles()`"
        )
        labels: tuple[tuple[cst.CSTNode, str], ...] = ((source.loop.iter, "index from here"),)
    else:
        why = (
            f"`at={source_of(at)}` is not an index from `for idx in {receiver}.tiles()`, so it "
            f"may name a tile of `{receiver}` that another block owns, and {verb} it races "
            "with that block"
        )
        labels = ()
    ctx.report(STORE_OUTSIDE_TILE, at, f"`{receiver}.{method}`: {why}", labels)


def _index_source(ctx: KernelContext, at: cst.BaseExpression) -> TileIndexPart | None:
    """The ``tiles()`` loop an ``at=`` index comes from: a loop variable or an alias of one,
    or the elements of one index written back in order (``for i, j in z.tiles(): ...
    at=(i, j)``, or ``i, j = idx``)."""
    if isinstance(at, cst.Name):
        whole = ctx.tensors.tile_index(at.value)
        return whole if whole is not None and whole.position is None else None
    if not isinstance(at, cst.Tuple) or not at.elements:
        return None
    parts: set[TileIndexPart] = set()
    for position, element in enumerate(at.elements):
        if not isinstance(element, cst.Element) or not isinstance(element.value, cst.Name):
            return None
        part = ctx.tensors.tile_index(element.value.value)
        if part is None or part.position != position or part.arity != len(at.elements):
            return None
        parts.add(dataclasses.replace(part, position=None))
    return parts.pop() if len(parts) == 1 else None


def _unsafe_write(ctx: KernelContext, call: cst.Call, dotted: str) -> None:
    """TC201: ``tl.unsafe.store(x, ...)`` into a Shared ``x`` (unsafe or not)."""
    function = dotted.rpartition(".")[2]
    if not function.startswith(_WRITING_UNSAFE_OPS):
        return
    target = argument(call, 0, "tensor")
    if target is None:
        return
    parameter = ctx.tensors.root(target.value) if isinstance(target, cst.Name) else None
    if parameter is not None and ctx.kinds.get(parameter) == ParamKind.SHARED:
        assert isinstance(target, cst.Name)
        ctx.report(
            STORE_TO_SHARED,
            target,
            f"`{target.value}` is Shared (read-only): `{dotted}` cannot write it either; "
            "write only into a Mutable parameter",
            ctx.declared_here(parameter, "Shared"),
        )
        return
    shared = _shared_among(ctx, ctx.tensors.may_hold(target))
    if shared is not None:
        certain = _certainly(ctx, target, shared)
        _may_store_to_shared(ctx, target, source_of(target), shared, certain=certain)


def _check_shapes(ctx: KernelContext, stores: list[_Store]) -> None:
    """TC202 for tile shapes the kernel proves wrong: a rank no partition has, or two stores
    into one partition with different constant shapes (a partition has one tile shape)."""
    first: dict[str, _Store] = {}
    for store in stores:
        if store.shape is None:
            continue
        if len(store.shape) > MAX_TILE_RANK:
            ctx.report(
                STORE_OUTSIDE_TILE,
                store.call,
                f"`{store.partition}` gets a tile of rank {len(store.shape)} {store.shape}, but "
                f"a partition's tiles have rank at most {MAX_TILE_RANK}",
            )
            continue
        earlier = first.setdefault(store.partition, store)
        if earlier.shape != store.shape:
            ctx.report(
                STORE_OUTSIDE_TILE,
                store.call,
                f"`{store.partition}` gets a {_shape(store.shape)} tile here and a "
                f"{_shape(earlier.shape)} tile elsewhere; a partition has one tile shape, so "
                f"at least one of them is wrong (build tiles from `{store.partition}.tile_shape`)",
                ((earlier.call, f"a {_shape(earlier.shape)} tile stored here"),),
            )


def _shape(shape: tuple[int, ...] | None) -> str:
    return str(shape)  # a tuple prints as Python writes it: (64,) or (64, 128)


def _item_write(ctx: KernelContext, target: cst.BaseExpression) -> None:
    """``x[i] = v`` / ``x.a = v``: TC201 through a Shared parameter, else TC204 (tiles are
    values and tensors are written with ``store``)."""
    base = target.value if isinstance(target, (cst.Subscript, cst.Attribute)) else target
    dotted = dotted_name(base)
    head = head_of(dotted) if dotted is not None else None
    local = head is not None and ctx.is_local(head)
    parameter = ctx.tensors.root(head) if head is not None and local else None
    kind = ctx.kinds.get(parameter) if parameter is not None else None
    written = source_of(target)
    shared = _shared_among(ctx, ctx.tensors.may_stand_for(head)) if head and local else None
    if kind != ParamKind.SHARED and shared is not None:
        _may_store_to_shared(ctx, target, head or written, shared)
    elif kind == ParamKind.SHARED:
        ctx.report(
            STORE_TO_SHARED,
            target,
            f"`{head}` is Shared (read-only); `{written} = ...` writes through it: write only "
            "into a Mutable parameter, with `z.store(tile)`",
            ctx.declared_here(parameter, "Shared"),
        )
    elif kind == ParamKind.MUTABLE:
        ctx.report(
            UNSUPPORTED_CONSTRUCT,
            target,
            f"`{written} = ...` is not supported in a kernel; build the whole tile and write it "
            f"with `{head}.store(tile)`",
        )
    else:
        ctx.report(
            UNSUPPORTED_CONSTRUCT,
            target,
            f"`{written} = ...` is not supported in a kernel: tiles are immutable values; "
            "build a new one (arithmetic, `tl.where`)",
        )
