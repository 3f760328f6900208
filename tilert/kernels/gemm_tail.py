"""Experimental (issue 19): the persistent GEMM with its last wave shared out
("data-parallel + stream-K"). Not in ``GEMM_CONFIGS`` nor ``tk.gemm``'s tuner: an earlier form
hung on the H100 (docs/decisions.md), and this one, rewritten without a branch on an atomic's
result, has passed the interpreter and an sm_90 compile but not yet run on a GPU. It is
reachable only as ``gemm_tail_op(cfg, out, a, b)``, for ``benchmarks/gpu_probe_gemm_tail.py``.

One block an SM walking 128x128 tiles leaves the last wave partial: at 4096 (1024 tiles on 132
SMs, 7.76 waves) every block runs 8 tile-times for 7.76 of work, at 8192 (4096 tiles, 31.03
waves) 32 for 31.03, so a tensor-pipe-bound kernel tops out near 0.97 of its own speed. Here
the full waves stay data-parallel (each block its own tiles, as ``gemm_persistent``) and the
tiles left over (the partial wave, plus ``waves - 1`` full ones) are split along K into equal
runs of k-iterations, one run a block, crossing tile boundaries where they fall (stream-K over
the tail): every block ends within one k-iteration of the others.

A tile whose iterations lie in one block's run is stored by that block. A tile shared by
several blocks is summed in f32 in a workspace: each adds its partial (a relaxed
``atomic_add``), then counts itself in on the tile's arrival counter (an acquire-release
``atomic_add`` returning the old count: the one ordered atomic); the block that finds every
other part counted is the last. Every sharing block then runs the same exchange (reading the
sum back while zeroing it, relaxed), counter reset and store, masked so that only the last
one's touch memory (no branch on the count). The next call, and a CUDA graph's next replay,
find the workspace clean.

The workspace and counters are made once per (backend, device, output tiling, slots) by
``workspace`` (zeroed, kept for the process: a few MB at most) so the host function allocates
nothing per call and a ``tr.graph()`` capture can replay it. Two GEMMs of one shape in flight
at once cannot share it: the second finds it borrowed (the borrow checker's answer) and
``gemm_tail_op`` gives None (the caller runs the plain kernel); within one chain or graph the
ops run in order and share it."""

# Kernel bodies use the kernel language on Mutable/Shared parameters, which the runtime's
# annotation classes do not declare (the stubs do, for users): attr-defined is off here,
# and a Const[int] used as an int takes an ignore.
# mypy: disable-error-code="attr-defined"

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any

import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor
from tilert import f32 as T  # rebound per dtype by specialize (as in rope_cache.py)
from tilert._core.capture import capturing
from tilert.errors import BorrowError
from tilert.kernels._common import pow2, specialize
from tilert.ops import Op
from tilert.tensor import Partition


@tr.function
def grouped_tile(
    pos: int, rows: int, cols: int, group: int
) -> tuple[tl.Tile[tl.i32], tl.Tile[tl.i32]]:
    """The tile at ``pos`` of ``tr.grouped(group)``'s order over a ``rows x cols`` grid: the
    formula of the mapped partitions' ``tiles()`` (``interpret/mapping.py``,
    ``cutile/lowering/coords.py``). Were it to drift, a shared tile would land on a
    data-parallel one (the interpreter's race check) or leave one unwritten (the tests)."""
    per_group = group * cols
    first_row = (pos // per_group) * group
    group_rows = tl.minimum(rows - first_row, group)
    return first_row + (pos % per_group) % group_rows, (pos % per_group) // group_rows


@tr.function
def slot_index(slot: int, bm: int, bn: int, width: int) -> tuple[tl.Tile[tl.i32], tl.Tile[tl.i32]]:
    """Element indices ``(rows (bm, 1), cols (bm, bn))`` of workspace slot ``slot``: slots are
    ``bm x bn`` f32 blocks laid end to end, read as rows of ``width`` (a multiple of ``bn``)."""
    per_row = width // bn
    r = slot * bm + tl.expand_dims(tl.arange(bm, dtype=tl.i32), 1)
    cols = tl.expand_dims(tl.arange(bn, dtype=tl.i32), 0)
    return r // per_row, (r % per_row) * bn + cols


@tr.function
def tile_index(i: int, j: int, bm: int, bn: int) -> tuple[tl.Tile[tl.i32], tl.Tile[tl.i32]]:
    """Element indices ``(rows (bm, 1), cols (1, bn))`` of output tile ``(i, j)``: the
    last arriver's masked scatter writes there (indices past the edge write nothing)."""
    r = i * bm + tl.expand_dims(tl.arange(bm, dtype=tl.i32), 1)
    return r, j * bn + tl.expand_dims(tl.arange(bn, dtype=tl.i32), 0)


@tr.kernel(unsafe=True)
def gemm_stream_k(
    c: Mutable[Tensor[T]],
    partials: Mutable[Tensor[tr.f32]],
    arrivals: Mutable[Tensor[tr.i32]],
    a: Shared[Tensor[T]],
    b: Shared[Tensor[T]],
    bk: Const[int],
    group: Const[int],
    dp_waves: int,
) -> None:
    """``c = a @ b``: ``dp_waves`` tiles a block data-parallel, then the rest stream-K.

    No branch here depends on memory: every ``if`` and loop bound is a function of the
    launch (``bid``, ``num_blocks``, shapes, arguments), the same for every thread of a
    block. The last arriver's work is not under ``if arrived == parts - 1`` (the form that
    hung on the H100: block-wide tile operations inside a branch on one atomic's result, which
    deadlocks at a barrier if the block's threads disagree on it); every sharing block runs
    the exchange, the counter reset and the store, and ``last`` only masks them: the
    exchange's and the reset's indices are pushed past the end of their tensors where
    ``last`` is false (atomics write nothing out of bounds), and the store is a scatter with
    ``mask=last``. A block that is not last exchanges and stores nothing.

    Why unsafe: a shared tile is stored by whichever block arrives last, known only on the
    device. Race-free because exactly one block sees the count reach the tile's number of
    parts (the counter is one atomic element). The partial sums are relaxed atomic adds into
    the tile's own workspace slot (acquire-release would fence every element: issue 19) and
    the last arriver reads them with a relaxed exchange; only the counter's add is
    acquire-release. Every block's adds come before its release on the counter, the
    counter's adds form one release sequence, and the last arriver's acquire reads the end of
    it, so every add happens before its exchange: no part is missed and none is counted
    twice; the masked-off exchanges of the other blocks touch no element. The counter reset
    comes after every arrival (the last is the last), and the next launch starts after this
    one ends. A tile no other block touches is stored by its one block (no counter)."""
    bm, bn = c.tile_shape
    rows = tl.cdiv(c.shape[0], bm)
    cols = tl.cdiv(c.shape[1], bn)
    k_tiles = tl.cdiv(a.shape[1], bk)
    blocks = tl.num_blocks(0)
    block = tl.bid(0)
    t = 0
    for idx in c.tiles():  # the block's tiles in order: its first dp_waves are data-parallel
        if t < dp_waves:  # uniform: the block's position in its own walk
            i, j = idx
            acc = tl.zeros((bm, bn), tl.f32)
            for k in range(k_tiles):
                acc = tl.mma(a.load_tile((bm, bk), (i, k)), b.load_tile((bk, bn), (k, j)), acc)
            c.store(acc, at=idx)
        t = t + 1
    dp_tiles = dp_waves * blocks
    iters = (rows * cols - dp_tiles) * k_tiles
    run = tl.cdiv(iters, blocks)  # k-iterations a block: the runs tile the tail, in order
    start = block * run
    end = tl.minimum(start + run, iters)
    for tau in range(start // k_tiles, tl.cdiv(end, k_tiles)):  # empty when start >= end
        base = tau * k_tiles
        i, j = grouped_tile(dp_tiles + tau, rows, cols, group)  # type: ignore[arg-type]
        acc = tl.zeros((bm, bn), tl.f32)
        for k in range(tl.maximum(start, base) - base, tl.minimum(end, base + k_tiles) - base):
            acc = tl.mma(a.load_tile((bm, bk), (i, k)), b.load_tile((bk, bn), (k, j)), acc)
        parts = (base + k_tiles - 1) // run - base // run + 1  # the blocks whose runs meet it
        # uniform (a function of tau and run, as the loop bounds are): no thread can take the
        # other side, so the tile operations under it are safe
        if parts == 1:
            tl.unsafe.store(c, (i, j), acc)  # (converted to c's dtype)
        else:
            rr, cc = slot_index(tau, bm, bn, partials.shape[1])
            # relaxed: the adds need only be atomic among themselves; the counter orders them
            tl.unsafe.atomic_add(partials, (rr, cc), acc, order="relaxed")
            # acquire-release, the one ordered atomic: its release keeps this block's adds
            # above before its arrival, its acquire keeps the last arriver's reads below after
            # every other block's arrival (and so after their adds)
            arrived = tl.unsafe.atomic_add(arrivals, (i, j), 1)
            last = arrived == parts - 1  # a value, not a branch
            # past the end of the workspace and the counters (both ``rows`` high, one row of
            # tiles a row) unless last: nothing is touched
            away = tl.where(last, 0, rows)
            # the sum, slot zeroed: relaxed, as the acquire above already orders it
            total = tl.unsafe.atomic_xchg(partials, (rr + away, cc), 0.0, order="relaxed")
            # no one reads the counter again in this launch; the next launch starts after
            # this one ends, which orders everything
            tl.unsafe.atomic_xchg(arrivals, (i + away, j), 0, order="relaxed")
            ri, ci = tile_index(i, j, bm, bn)  # type: ignore[arg-type]
            # a scatter does not convert (a tile store does): T is c's dtype (specialize)
            tl.unsafe.scatter(c, (ri, ci), tl.astype(total, T), mask=last)


@dataclass(frozen=True)
class Plan:
    """How one output splits: ``blocks`` persistent blocks, ``dp_waves`` data-parallel tiles a
    block, then ``sk_tiles`` tiles shared out stream-K (0: no tail, the plain kernel)."""

    rows: int  # output tiles along M
    cols: int  # along N
    blocks: int
    dp_waves: int
    sk_tiles: int


def plan(m: int, n: int, k: int, bm: int, bn: int, bk: int, sms: int, waves: int) -> Plan:
    """The split of an ``m x n`` output (``k`` deep) over ``sms`` blocks: the last partial wave
    plus ``waves - 1`` full ones stream-K, the rest data-parallel. Nothing to share (no
    partial wave, or K empty) gives ``sk_tiles == 0``."""
    rows, cols = -(-m // bm), -(-n // bn)
    tiles, k_tiles = rows * cols, -(-k // bk)
    tail = tiles % sms
    if tail == 0 or k_tiles == 0:
        return Plan(rows, cols, sms, tiles // sms, 0)
    sk_tiles = min(tiles, tail + (waves - 1) * sms)
    dp_tiles = tiles - sk_tiles  # whole waves
    blocks = sms if dp_tiles else min(sms, sk_tiles * k_tiles)
    return Plan(rows, cols, blocks, dp_tiles // blocks, sk_tiles)


_lock = threading.Lock()
_workspaces: dict[tuple[Any, ...], tuple[Tensor[Any], Tensor[Any]]] = {}


def workspace(p: Plan, bm: int, bn: int) -> tuple[Tensor[Any], Tensor[Any]] | None:
    """The f32 partial sums and i32 arrival counters for ``p``, made zeroed on first use and
    kept (per backend, device and shape; the kernel leaves them zero after each call). The
    partials hold ``sk_tiles`` slots of ``bm x bn``; both are shaped so that a partition of
    them has the output's grid of tiles, as one launch's Mutable partitions must. None inside
    a ``tr.graph()`` capture that would have to make them (a capture allocates nothing)."""
    width = max(bn, pow2(-(-p.sk_tiles * bm * bn // (p.rows * p.cols))))
    key = (tr.backend().name, tr.Device().index, p.rows, p.cols, width)
    with _lock:
        found = _workspaces.get(key)
        if found is None:
            if capturing() is not None:
                return None
            found = _workspaces[key] = (
                tr.zeros((p.rows, p.cols * width), dtype=tr.f32),
                tr.zeros((p.rows, p.cols), dtype=tr.i32),
            )
    return found


def _mapped(t: Tensor[Any], tile: tuple[int, int], p: Plan, group: int) -> Partition[Any]:
    return t.partition(tile).mapped(blocks=p.blocks, order=tr.grouped(group))


def gemm_tail_op(cfg: tr.Config, out: Tensor[Any], a: Tensor[Any], b: Tensor[Any]) -> Op | None:
    """The stream-K op of ``cfg`` (``bm, bn, bk, group``, ``stream_k``: the waves shared out,
    ``occupancy``) for ``out = a @ b``; None where there is no tail to share, where the
    workspace is in use by an op still in flight, or where a capture would have to make it
    (the caller then runs the plain kernel)."""
    m, n = out.shape
    p = plan(m, n, a.shape[1], cfg.bm, cfg.bn, cfg.bk, tr.Device().sm_count, cfg.stream_k)
    if p.sk_tiles == 0:
        return None
    made = workspace(p, cfg.bm, cfg.bn)
    if made is None:
        return None
    partials, arrivals = made
    try:
        ws = _mapped(partials, (1, partials.shape[1] // p.cols), p, cfg.group)
        counts = _mapped(arrivals, (1, 1), p, cfg.group)
    except BorrowError:
        return None
    kernel = specialize(gemm_stream_k.fn, T=out.dtype, unsafe=True)
    if cfg.occupancy:
        kernel = kernel.with_options(occupancy=cfg.occupancy)
    part = _mapped(out, (cfg.bm, cfg.bn), p, cfg.group)
    return kernel(part, ws, counts, a, b, cfg.bk, cfg.group, p.dp_waves)
