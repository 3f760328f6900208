"""Aliases: memory a tilert tensor uses that other frameworks can reach.

The borrow checker sees tensors, not memory, so two tilert tensors over one memory would escape
it. Memory a tilert tensor uses and that other frameworks can reach (memory it exported, or a
producer's memory it shares) is remembered, weakly, by address: importing exactly that memory
again (same address, shape and dtype) returns that tensor, so the borrows stay in one table;
importing memory that overlaps it otherwise is a ValueError naming the tensor. An import that
copies (non-contiguous or read-only producers, host memory under cutile) aliases nothing; it
reads the memory at once, so it is refused while an op writes a tensor there."""

from __future__ import annotations

import math
import threading
import weakref
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import numpy as np

from tilert._core import ownership

T = TypeVar("T")
Tensor = Any  # a tilert.tensor.Tensor (this module sits below it: it reads only its storage)
# (on a GPU, address of the first byte, id of the tensor) -> (the tensor, weakly; the address
# past its last byte). The id: a tensor and its view may start at one address (``kv``, ``kv[0]``).
_Key = tuple[bool, int, int]
_live: dict[_Key, tuple[weakref.ref[Any], int]] = {}
_live_lock = threading.RLock()
_prune_at = 64  # prune dead entries when the table grows past this (amortized)


def _memory(t: Tensor) -> tuple[_Key, int] | None:
    """``t``'s memory as (key, end address), None when it has none (zero-size)."""
    if not t.nbytes:
        return None
    storage = t._storage
    start, end = t._region().span()  # (a view's part of the storage)
    return (storage.on_device, storage.ptr + start, id(t)), storage.ptr + end


def _add(key: _Key, t: Tensor, end: int) -> None:
    """Remember ``t`` over ``[key[1], end)``. The caller holds ``_live_lock``."""
    global _prune_at
    _live[key] = (weakref.ref(t), end)
    if len(_live) > _prune_at:  # forget collected tensors (their memory may be reused)
        for k, (ref, _) in list(_live.items()):
            if ref() is None:
                del _live[k]
        _prune_at = max(64, 2 * len(_live))


def remember(t: Tensor) -> None:
    """Note that other frameworks can reach ``t``'s memory (it is being exported)."""
    found = _memory(t)
    if found is None:
        return
    key, end = found
    with _live_lock:
        entry = _live.get(key)
        if entry is None or entry[0]() is not t:
            _add(key, t, end)


def made_where(t: Tensor) -> str:
    return t.describe() if not t.name else f"{t.describe()}, created at {t.created_at}"


def overlapping(on_gpu: bool, start: int, end: int) -> list[tuple[int, Tensor]]:
    """The live remembered tensors whose memory meets ``[start, end)``, with their addresses.
    The caller holds ``_live_lock``."""
    out: list[tuple[int, Tensor]] = []
    for (gpu, begin, _), (ref, stop) in list(_live.items()):
        if gpu == on_gpu and begin < end and start < stop:
            t = ref()
            if t is not None:
                out.append((begin, t))
    return out


def shared_import(
    on_gpu: bool,
    data: int,
    shape: tuple[int, ...],
    dtype: np.dtype[Any],
    what: str,
    make: Callable[[], T],
) -> T:
    """The tensor over the C-contiguous memory at ``data``: the live tilert tensor already over
    exactly that memory, else a new one (``make()``), remembered; a ValueError when the memory
    overlaps a live tensor's otherwise (two tensors over one memory escape the borrow checker)."""
    nbytes = math.prod(shape) * dtype.itemsize
    if not nbytes:
        return make()
    with _live_lock:
        clashes = overlapping(on_gpu, data, data + nbytes)
        for begin, t in clashes:
            same = begin == data and t.shape == shape and t._np_dtype == dtype
            if same and t.is_contiguous():
                return t  # type: ignore[no-any-return]  # the same memory, seen the same way
        if clashes:
            t = clashes[0][1]
            raise ValueError(
                f"tr.from_dlpack: the {what} (shape {shape}, dtype {dtype}) overlaps the memory "
                f"of {made_where(t)} without being exactly that tensor; tilert cannot check "
                "two tensors over one memory: import the memory once and use that tensor, or a "
                "view of it (t[...], t.reshape(...))"
            )
        t = make()
        _add((on_gpu, data, id(t)), t, data + nbytes)
        return t


def check_copy_source(
    on_gpu: bool, data: int, shape: Sequence[int], strides: Sequence[int], itemsize: int
) -> None:
    """An import that copies reads the memory at once: refused (BorrowError) while an op writes
    a tilert tensor over it, as ``to_numpy`` is."""
    if not math.prod(shape):
        return
    low = sum((d - 1) * s for d, s in zip(shape, strides, strict=True) if s < 0)
    high = sum((d - 1) * s for d, s in zip(shape, strides, strict=True) if s > 0)
    with _live_lock:
        clashes = overlapping(on_gpu, data + low * itemsize, data + (high + 1) * itemsize)
    for _, t in clashes:
        ownership.check_host_read(t, "copy (tr.from_dlpack of a view of its memory)")
