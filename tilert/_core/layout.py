"""The layout of a view: what ``t[...]``, ``reshape``, ``permute`` and ``view(dtype)`` make of a
tensor's region (``tilert._core.regions.Region``), computed without touching the data. A view
only ever describes memory its tensor already covers, with non-negative strides."""

from __future__ import annotations

import math
import operator
from collections.abc import Sequence
from typing import Any

from tilert._core.regions import Region, c_strides

_ADVANCED = (
    "a tensor takes numpy's basic indexing (ints, slices with a positive step, None, `...`), "
    "got {what}: lists, arrays, tensors and bools are advanced indexing, which copies and so "
    "makes no view; index t.to_numpy() on the host, or gather with a kernel"
)


def _settled(offset: int, shape: list[int], strides: list[int], itemsize: int) -> Region:
    """The region, with each size-1 dimension given the stride a dense layout would give it (it
    never moves an address; strict consumers of DLPack and cuTile then see tidy strides)."""
    step = itemsize
    for k in reversed(range(len(shape))):
        if shape[k] == 1:
            strides[k] = step
        step = strides[k] * max(shape[k], 1)
    return Region(offset, tuple(shape), tuple(strides), itemsize)


def _shown(item: Any) -> str:
    if item is Ellipsis:
        return "..."
    if item is None:
        return "None"
    if isinstance(item, slice):
        parts = ["" if v is None else str(v) for v in (item.start, item.stop)]
        text = ":".join(parts)
        return text if item.step is None else f"{text}:{item.step}"
    return str(item)


def _basic(item: Any) -> Any:
    """An item of a basic index (an int as int), or the TypeError naming advanced indexing."""
    if item is None or item is Ellipsis or isinstance(item, slice):
        return item
    if not isinstance(item, bool):
        try:
            return operator.index(item)
        except TypeError:
            pass
    shown = f"{type(item).__name__} index {item!r:.40}"
    raise TypeError(_ADVANCED.format(what=shown)) from None


def index(region: Region, key: Any) -> tuple[Region, str]:
    """``t[key]`` as a view, and the key as the view's description shows it (``[0, ::2]``)."""
    given = key if isinstance(key, tuple) else (key,)
    items = tuple(_basic(item) for item in given)
    used = sum(1 for item in items if item is not None and item is not Ellipsis)
    if sum(1 for item in items if item is Ellipsis) > 1:
        raise IndexError("an index can only have a single ellipsis ('...')")
    rank = len(region.shape)
    if used > rank:
        raise IndexError(f"too many indices: the tensor has rank {rank}, {used} were given")
    path = "[" + ", ".join(_shown(item) for item in items) + "]"
    if Ellipsis not in items:
        items = (*items, Ellipsis)
    offset = region.offset
    shape: list[int] = []
    strides: list[int] = []
    axis = 0
    for item in items:
        if item is Ellipsis:
            for _ in range(rank - used):
                shape.append(region.shape[axis])
                strides.append(region.strides[axis])
                axis += 1
        elif item is None:
            shape.append(1)
            strides.append(0)
        elif isinstance(item, slice):
            size, stride = region.shape[axis], region.strides[axis]
            start, stop, step = item.indices(size)
            if step < 0:
                raise ValueError(
                    f"slice {_shown(item)}: views have non-negative strides (as torch's); a "
                    "negative step would need a copy: reverse with a kernel, or on the host "
                    "(t.to_numpy()[::-1])"
                )
            offset += start * stride
            shape.append(max(0, -(-(stop - start) // step)))
            strides.append(stride * step)
            axis += 1
        else:
            size, i = region.shape[axis], item
            if not -size <= i < size:
                raise IndexError(f"index {i} is out of bounds for axis {axis} with size {size}")
            offset += (i % size) * region.strides[axis]
            axis += 1
    return _settled(offset, shape, strides, region.itemsize), path


def new_shape(region: Region, dims: Sequence[Any]) -> tuple[int, ...]:
    """The shape ``reshape(*dims)`` asks for, with its one ``-1`` worked out."""
    wanted = tuple(dims[0]) if len(dims) == 1 and isinstance(dims[0], (tuple, list)) else dims
    try:
        out = [operator.index(d) for d in wanted]
    except TypeError:
        raise TypeError(f"reshape: a shape is made of ints, got {tuple(wanted)!r}") from None
    size = region.size
    if out.count(-1) > 1 or any(d < -1 for d in out):
        raise ValueError(f"reshape{tuple(out)}: at most one -1, and no other negative dimension")
    known = math.prod(d for d in out if d != -1)
    if -1 in out:
        if known == 0 or size % known:
            raise ValueError(f"reshape{tuple(out)}: cannot fit {size} elements")
        out[out.index(-1)] = size // known
    if math.prod(out) != size:
        raise ValueError(f"reshape{tuple(out)}: {size} elements do not fit shape {tuple(out)}")
    return tuple(out)


def reshape(region: Region, shape: tuple[int, ...]) -> Region | None:
    """The region seen with ``shape`` (as many elements) without moving any, or None when the
    strides cannot express it (numpy would copy: the caller suggests ``contiguous()``). This is
    numpy's no-copy reshape, row-major."""
    if not region.size:
        return Region(region.offset, shape, c_strides(shape, region.itemsize), region.itemsize)
    old = [(d, s) for d, s in zip(region.shape, region.strides, strict=True) if d != 1]
    new = list(shape)
    strides = [0] * len(new)
    oi, oj, ni, nj = 0, 1, 0, 1
    while ni < len(new) and oi < len(old):
        np_, op = new[ni], old[oi][0]
        while np_ != op:
            if np_ < op:
                np_ *= new[nj]
                nj += 1
            else:
                op *= old[oj][0]
                oj += 1
        for k in range(oi, oj - 1):  # the old axes merged here must be back to back
            if old[k][1] != old[k + 1][0] * old[k + 1][1]:
                return None
        strides[nj - 1] = old[oj - 1][1]
        for k in range(nj - 1, ni, -1):
            strides[k - 1] = strides[k] * new[k]
        ni, nj, oi, oj = nj, nj + 1, oj, oj + 1
    return _settled(region.offset, new, strides, region.itemsize)


def permute(region: Region, dims: Sequence[Any]) -> Region:
    """The region with its axes in the order ``dims`` (negative axes count from the end)."""
    rank = len(region.shape)
    try:
        order = [operator.index(d) for d in dims]
    except TypeError:
        raise TypeError(f"permute: axes are ints, got {tuple(dims)!r}") from None
    order = [d + rank if d < 0 else d for d in order]
    if sorted(order) != list(range(rank)):
        raise ValueError(
            f"permute{tuple(dims)}: needs each axis of the rank-{rank} tensor exactly once"
        )
    return _settled(
        region.offset,
        [region.shape[d] for d in order],
        [region.strides[d] for d in order],
        region.itemsize,
    )


def retype(region: Region, itemsize: int) -> Region | str:
    """The region read as elements of ``itemsize`` bytes: the same shape when the sizes agree,
    else the last axis rescaled (as torch's ``view(dtype)``); a string says why it cannot."""
    if itemsize == region.itemsize:
        return region
    if not region.shape:
        return "a 0-d tensor cannot change its element size"
    *lead, last = region.shape
    *lead_strides, last_stride = region.strides
    if last != 1 and last_stride != region.itemsize:
        return "its last axis is not contiguous (call .contiguous() first)"
    if (last * region.itemsize) % itemsize:
        return f"its last axis ({last * region.itemsize} bytes) is no whole number of elements"
    if region.offset % itemsize or any(s % itemsize for s in lead_strides):
        return "its offset or strides are no whole number of the new elements"
    shape = [*lead, last * region.itemsize // itemsize]
    return _settled(region.offset, shape, [*lead_strides, itemsize], itemsize)
