"""Element-indexed memory operations, as cuTile defines them: ``tl.gather`` reads any elements
of a Shared parameter; ``tl.unsafe.scatter`` and the ``tl.unsafe.atomic_*`` family write any
elements of a Mutable parameter's tensor (``unsafe=True`` kernels only, every write recorded
for the race check).

``indices`` is a tuple of one integer tile or scalar per tensor axis (a lone tile for a 1-d
tensor); they broadcast to the result's shape. Indices outside the tensor read
``padding_value`` and write nothing, as cuTile's bounds check does. Atomics return the values
the elements held before, so they run block by block (in block order; the GPU's order between
blocks is unspecified, so a program must not depend on it)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from tilecheck.kernel.lang_api import MEMORY_ORDERS, MEMORY_SCOPES
from tilert.dtypes import DType, bool_
from tilert.interpret import tiles as _tiles
from tilert.interpret.context import BlockContext, NeedsSerial, TileOpError, current, kernel_op
from tilert.interpret.elementwise import broadcast_shape, convert, operand
from tilert.interpret.views import MutableView, SharedView, check_latency

IntArray = np.ndarray[Any, np.dtype[np.int64]]


def _as_data(value: object, dtype: type[DType], shape: tuple[int, ...], what: str) -> Any:
    """``value`` (a tile or scalar) as (batch or 1, *shape) data of ``dtype``."""
    v = operand(value, what)
    if isinstance(v, _tiles.Tile):
        data = convert(v._data, v.dtype, dtype)
        rank = v.ndim
    else:
        data = np.asarray(v).astype(dtype.np_dtype).reshape(1)
        rank = 0
    data = data.reshape(data.shape[:1] + (1,) * (len(shape) - rank) + data.shape[1:])
    return np.broadcast_to(data, (data.shape[0], *shape))


def _indices(indices: object, rank: int, op: str) -> tuple[list[IntArray], tuple[int, ...]]:
    """Per-axis element indices, each (batch or 1, *shape) with ``shape`` their broadcast."""
    parts = tuple(indices) if isinstance(indices, (tuple, list)) else (indices,)
    if len(parts) != rank:
        raise ValueError(
            f"{op}: {len(parts)} indices for a tensor of rank {rank}: give one integer tile or "
            "scalar per axis"
        )
    values = [operand(p, "an index") for p in parts]
    for v in values:
        kind = v.dtype.kind if isinstance(v, _tiles.Tile) else ("i" if type(v) is int else "f")
        if kind not in "iu":
            raise TypeError(f"{op}: indices must be integer tiles or ints, got {v!r}")
    shape = broadcast_shape(*(v.shape if isinstance(v, _tiles.Tile) else () for v in values))
    batch = max((v._data.shape[0] for v in values if isinstance(v, _tiles.Tile)), default=1)
    full = (batch, *shape)
    out = []
    for v in values:
        data = v._data if isinstance(v, _tiles.Tile) else np.array([v])
        lead = data.shape[:1] + (1,) * (len(shape) - (data.ndim - 1)) + data.shape[1:]
        out.append(np.broadcast_to(data.astype(np.int64).reshape(lead), full))
    return out, shape


def _inside(index: list[IntArray], dims: tuple[int, ...], mask: object) -> Any:
    """Where the indices fall inside the tensor (and ``mask``, a bool_ tile, holds)."""
    ok = np.ones(index[0].shape, dtype=bool)
    for i, d in zip(index, dims, strict=True):
        ok &= (i >= 0) & (i < d)
    if mask is not None:
        ok = ok & _as_data(mask, bool_, index[0].shape[1:], "the mask")
    return ok


@kernel_op("tl.gather")
def gather(
    x: object,
    indices: object,
    *,
    mask: object = None,
    padding_value: object = 0,
    latency: object = None,
) -> _tiles.Tile[Any]:
    """The elements of Shared parameter ``x`` at ``indices`` (a tile of their broadcast
    shape); ``padding_value`` where an index is outside ``x`` or ``mask`` is False."""
    if not isinstance(x, SharedView):
        raise TypeError(
            f"tl.gather reads a Shared parameter, got {x!r} (a Mutable parameter's other tiles "
            "belong to other blocks)"
        )
    check_latency(latency)
    index, shape = _indices(indices, len(x.shape), "tl.gather")
    ok = _inside(index, x.shape, mask)
    array = x._ctx.state.read_array(x._tensor)
    clipped = tuple(np.clip(i, 0, max(d - 1, 0)) for i, d in zip(index, x.shape, strict=True))
    values = array[clipped] if array.size else np.zeros(ok.shape, array.dtype)
    pad = _as_data(padding_value, x.dtype, shape, "the padding value")
    return _tiles.Tile(np.where(ok, values, pad), x.dtype)


def _target(op: str, target: object) -> tuple[BlockContext, MutableView]:
    ctx = current(op)
    if not ctx.unsafe:
        raise TileOpError(op, f"kernel `{ctx.kernel_name}` is not marked @tr.kernel(unsafe=True)")
    if not isinstance(target, MutableView):
        raise TypeError(f"the target must be a Mutable parameter, got {target!r}")
    return ctx, target


@kernel_op("tl.unsafe.scatter")
def scatter(target: object, indices: object, value: object, *, mask: object = None) -> None:
    """Store ``value`` (broadcast to the indices' shape) at ``indices`` of ``target``'s whole
    tensor; nothing is stored where an index is outside it or ``mask`` is False."""
    ctx, view = _target("tl.unsafe.scatter", target)
    index, shape = _indices(indices, len(view.shape), "tl.unsafe.scatter")
    ok = _inside(index, view.shape, mask)
    data = _as_data(value, view.dtype, shape, "the value")
    ctx.state.write_elements(ctx, view._name, view._tensor, index, ok, data)


Update = Callable[..., Any]  # (old value, *operands) -> new value


# the tensor dtypes each atomic takes on the GPU (cuTile's _ATOMIC_RMW_SPECS)
_WORDS = frozenset({"i32", "i64", "u32", "u64"})
_WORDS_AND_FLOATS = _WORDS | {"f32", "f64"}


def _atomic(
    op: str,
    allowed: frozenset[str],
    target: object,
    indices: object,
    operands: tuple[object, ...],
    update: Update,
) -> _tiles.Tile[Any]:
    """Apply ``update`` element by element in index order; the old values come back (for an
    index outside the tensor: the first operand, as cuTile's compare-and-swap gives back
    ``expected``; 0 for the others, which have one operand that means nothing there)."""
    ctx, view = _target(op, target)
    if view.dtype.name not in allowed:
        raise TypeError(
            f"{op} needs a tensor of {', '.join(sorted(allowed))} (as on the GPU), "
            f"`{view._name}` is {view.dtype}"
        )
    if ctx.batch > 1:
        raise NeedsSerial(f"{op} returns old values, which depend on the order of blocks")
    index, shape = _indices(indices, len(view.shape), op)
    ok = _inside(index, view.shape, None)
    args = [_as_data(v, view.dtype, shape, "the update") for v in operands]
    work = ctx.state.work_array(view._tensor)
    old = np.zeros((1, *shape), dtype=work.dtype)
    flat_work = work.reshape(-1)
    flat = np.ravel_multi_index(
        tuple(np.where(ok, i, 0) for i in index), work.shape if work.ndim else (1,)
    ).reshape(-1)
    inside = ok.reshape(-1)
    flat_args = [np.broadcast_to(a, ok.shape).reshape(-1) for a in args]
    flat_old = old.reshape(-1)
    with np.errstate(over="ignore"):
        for k in np.flatnonzero(inside):
            e = flat[k]
            flat_old[k] = flat_work[e]
            flat_work[e] = update(flat_work[e], *(a[k] for a in flat_args))
    ctx.state.record_elements(ctx, view._name, tuple(work.shape), index, ok, atomic=True)
    if len(operands) > 1:
        flat_old[~inside] = flat_args[0][~inside]
    return _tiles.Tile(old, view.dtype)


def _memory_model(order: str, scope: str) -> None:
    """Refuse an order or scope the GPU does not have. Blocks run here one after another, each
    atomic whole, so every order gives the same result: the value is only checked."""
    if order not in MEMORY_ORDERS:
        raise ValueError(f"order={order!r} is none of {', '.join(MEMORY_ORDERS)}")
    if scope not in MEMORY_SCOPES:
        raise ValueError(f"scope={scope!r} is none of {', '.join(MEMORY_SCOPES)}")


def _atomic_op(name: str, allowed: frozenset[str], update: Update) -> Callable[..., Any]:
    op = f"tl.unsafe.atomic_{name}"

    @kernel_op(op)
    def run(
        target: object,
        indices: object,
        update_value: object,
        *,
        order: str = MEMORY_ORDERS[0],
        scope: str = MEMORY_SCOPES[0],
    ) -> _tiles.Tile[Any]:
        _memory_model(order, scope)
        return _atomic(op, allowed, target, indices, (update_value,), update)

    run.__name__ = f"atomic_{name}"
    return run


# (an update is assigned into the tensor's array, so it takes the tensor's dtype there)
ATOMIC_ADD = _atomic_op("add", _WORDS_AND_FLOATS | {"f16", "bf16"}, lambda old, u: old + u)
ATOMIC_MAX = _atomic_op("max", _WORDS, lambda old, u: max(old, u))
ATOMIC_MIN = _atomic_op("min", _WORDS, lambda old, u: min(old, u))
ATOMIC_AND = _atomic_op("and", _WORDS, lambda old, u: old & u)
ATOMIC_OR = _atomic_op("or", _WORDS, lambda old, u: old | u)
ATOMIC_XOR = _atomic_op("xor", _WORDS, lambda old, u: old ^ u)
ATOMIC_XCHG = _atomic_op("xchg", _WORDS_AND_FLOATS, lambda old, u: u)


@kernel_op("tl.unsafe.atomic_cas")
def atomic_cas(
    target: object,
    indices: object,
    expected: object,
    desired: object,
    *,
    order: str = MEMORY_ORDERS[0],
    scope: str = MEMORY_SCOPES[0],
) -> _tiles.Tile[Any]:
    """Where an element equals ``expected`` it becomes ``desired``; the old values come back
    (``expected`` where an index is outside the tensor)."""
    _memory_model(order, scope)
    return _atomic(
        "tl.unsafe.atomic_cas",
        _WORDS_AND_FLOATS,
        target,
        indices,
        (expected, desired),
        lambda old, e, d: d if old == e else old,
    )
