"""Experimental (issue 19): the persistent GEMM with its last waves shared out along K
("data-parallel + stream-K") WITHOUT atomics and without any block waiting on another. Not in
``GEMM_CONFIGS`` nor ``tk.gemm``'s tuner: reachable as ``gemm_streamk(out, a, b, ...)``, for
``benchmarks/gpu_probe_gemm_streamk.py``.

Why: one block an SM walking 128x128 tiles leaves the last wave partial (at 4096, 1024 tiles on
132 SMs are 7.76 waves: every block runs 8 tile-times for 7.76 of work). The earlier stream-K
forms combined the shared tiles through an f32 workspace and an arrival counter a tile; on the
H100 one hung and one hung or compiled forever (docs/decisions.md). This one has no atomics:

* Kernel 1 (``streamk_main``, one block an SM): each block first runs its ``dp_waves`` tiles
  data-parallel (as ``gemm_persistent``: its own tiles of the mapped partition, safe stores).
  The tiles left (``sk_tiles``, the tail: by default the partial wave and one full wave) are
  ``iters = sk_tiles * k_tiles`` k-iterations, cut into contiguous runs of ``run = cdiv(iters,
  blocks)``, one a block, crossing tile boundaries where they fall. A tile wholly inside one
  block's run is stored by that block. A tile a run meets only in part is at most the run's
  first tile (it began before the run) and its last (it ends after it): the block stores that
  partial sum, in f32, in its OWN workspace slot (slot ``2 * block`` for the first,
  ``2 * block + 1`` for the last): disjoint, so no race and nothing to clear between calls.
* Kernel 2 (``streamk_fixup``, one block per run boundary): the boundary between runs ``b - 1``
  and ``b`` (iteration ``b * run``) lies inside a tile unless it falls on a tile's edge; the
  first boundary inside each shared tile sums the slots of the blocks whose runs meet the tile
  (the first block's slot 1, the others' slot 0: the same run arithmetic as kernel 1), a few
  loads and adds, and stores the tile converted to ``out``'s dtype. Deterministic.

The op is ``first.then(lambda *_: fixup(...))`` (as ``decode_attention_at``), so the fixup runs
after kernel 1 on the same stream. The f32 workspace is made once per (backend, device, shape)
and kept; inside a ``tr.graph()`` capture, which allocates nothing, pass the one
``streamk_workspace`` gives (made ahead) as ``workspace=``, as ``decode_attention_at`` takes
its own. Every call writes every slot it later reads, so no call depends on the one before.

Layout of the workspace: one launch's Mutable partitions must share one grid and mapping
(``tilert/_launch.py``), so the workspace cannot be a ``[blocks, 2, bm, bn]`` tensor with one
``(1, 2, bm, bn)`` tile a block beside the output's ``(rows, cols)`` grid. It is a 2-d f32
tensor read as rows of ``(bm, bn)`` slots (slot ``s`` the tile ``(s // per_row, s % per_row)``,
``per_row = width // bn``), sized and partitioned by ``workspace_shape`` so that its partition
(power-of-two tiles) has the output's grid and mapping; kernel 1 never stores through that
partition's ownership but writes its slots with ``tl.unsafe.store`` (the interpreter's
race check proves them disjoint)."""

# Kernel bodies use the kernel language on Mutable/Shared parameters, which the runtime's
# annotation classes do not declare (the stubs do, for users): attr-defined is off here,
# and a Const[int] used as an int takes an ignore.
# mypy: disable-error-code="attr-defined"

from __future__ import annotations

import functools
import threading
from dataclasses import dataclass
from typing import Any

import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor
from tilert import f32 as T  # rebound per dtype by specialize (as in gemm_tail / rope_cache)
from tilert._core.capture import capturing
from tilert._core.ownership import check_host_write
from tilert.errors import BorrowError
from tilert.kernels._common import float_dtype, pow2, rank, shape, specialize, writes
from tilert.kernels.matmul import gemm_persistent
from tilert.ops import Op


@tr.function
def grouped_tile(
    pos: int, rows: int, cols: int, group: int
) -> tuple[tl.Tile[tl.i32], tl.Tile[tl.i32]]:
    """The tile at ``pos`` of ``tr.grouped(group)``'s order over a ``rows x cols`` grid: the
    formula of the mapped partitions' ``tiles()`` (``interpret/mapping.py``,
    ``cutile/lowering/coords.py``). Were it to drift, a tail tile would land on a data-parallel
    one (the interpreter's race check) or leave one unwritten (the tests)."""
    per_group = group * cols
    first_row = (pos // per_group) * group
    group_rows = tl.minimum(rows - first_row, group)
    return first_row + (pos % per_group) % group_rows, (pos % per_group) // group_rows


@tr.kernel(unsafe=True)
def streamk_main(
    c: Mutable[Tensor[T]],
    ws: Mutable[Tensor[tr.f32]],
    a: Shared[Tensor[T]],
    b: Shared[Tensor[T]],
    bk: Const[int],
    group: Const[int],
    dp_waves: int,
    run: int,
) -> None:
    """``c = a @ b`` but for the shared tail tiles, whose partial sums go to ``ws``.

    Why unsafe: a tail tile is stored by whichever block's run holds it whole, and a partial
    sum goes to the block's own slots of ``ws``; both destinations are computed at run time
    (from the block id and ``run``), not by the mapped partitions' ownership. Race-free:
    the runs are disjoint ranges of the tail's k-iterations, so a tile whole in one run is in
    no other, tail tiles are not data-parallel ones, and block ``b`` writes slots ``2b`` and
    ``2b + 1`` only. Every ``if`` and loop bound is a function of the launch (block id,
    shapes, arguments): the same for every thread of a block (no branch on memory)."""
    bm, bn = c.tile_shape
    rows = tl.cdiv(c.shape[0], bm)
    cols = tl.cdiv(c.shape[1], bn)
    k_tiles = tl.cdiv(a.shape[1], bk)
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
    # the tail (the host launches this kernel only where there is one, and K is not empty)
    dp_tiles = dp_waves * tl.num_blocks(0)
    iters = (rows * cols - dp_tiles) * k_tiles
    start = block * run
    end = tl.minimum(start + run, iters)
    # the tail tiles this run meets (none where start >= end: iters is a multiple of k_tiles,
    # so start // k_tiles >= cdiv(end, k_tiles) there)
    for tau in range(start // k_tiles, tl.cdiv(end, k_tiles)):
        base = tau * k_tiles
        lo = tl.maximum(start, base) - base  # this run's k-iterations of the tile
        hi = tl.minimum(end, base + k_tiles) - base
        i, j = grouped_tile(dp_tiles + tau, rows, cols, group)  # type: ignore[arg-type]
        acc = tl.zeros((bm, bn), tl.f32)
        for k in range(lo, hi):
            acc = tl.mma(a.load_tile((bm, bk), (i, k)), b.load_tile((bk, bn), (k, j)), acc)
        if hi - lo == k_tiles:  # whole in this run (0 <= lo <= hi <= k_tiles): stored here
            tl.unsafe.store(c, (i, j), acc)  # (converted to c's dtype)
        else:
            # the run's first tile began before the run (lo > 0): slot 2 * block; its last
            # ends after it (lo == 0): slot 2 * block + 1. A run inside one tile is its first.
            slot = 2 * block + 1 - tl.minimum(lo, 1)
            per_row = ws.shape[1] // bn
            tl.unsafe.store(ws, (slot // per_row, slot % per_row), acc)


@tr.kernel(unsafe=True)
def streamk_fixup(
    c: Mutable[Tensor[T]],
    ws: Shared[Tensor[tr.f32]],
    group: Const[int],
    dp_tiles: int,
    k_tiles: int,
    run: int,
) -> None:
    """Block ``q`` takes run boundary ``q + 1`` (iteration ``(q + 1) * run`` of the tail): if
    it lies strictly inside a tile and is that tile's first boundary, the block sums the tile's
    partial sums from ``ws`` (block ``b0``'s slot ``2 b0 + 1``, then slot ``2 b`` of each later
    block ``b`` whose run meets the tile) and stores the tile. Other blocks do nothing.

    Why unsafe: the tile a block stores is computed at run time from the run arithmetic, not
    by the partition's ownership. Race-free: a shared tile has exactly one first boundary, and
    kernel 1 stored no shared tile."""
    bm, bn = c.tile_shape
    rows = tl.cdiv(c.shape[0], bm)
    cols = tl.cdiv(c.shape[1], bn)
    iters = (rows * cols - dp_tiles) * k_tiles
    at = (tl.bid(0) + 1) * run  # the boundary: block bid + 1's run starts here
    tau = at // k_tiles
    base = tau * k_tiles
    # inside the tail (at < iters), not on a tile's edge (base < at), and the tile's first
    # boundary (at - run <= base: block bid's run, which ends here, met the tile's start):
    # all three as one test, uniform (a function of the launch)
    if tl.minimum(tl.minimum(iters - at, at - base), base + run + 1 - at) > 0:
        first = tl.bid(0)  # base // run: the first block whose run meets the tile
        last = (base + k_tiles - 1) // run  # the last one
        per_row = ws.shape[1] // bn  # slots a row of the workspace
        slot = 2 * first + 1
        acc = ws.load_tile((bm, bn), (slot // per_row, slot % per_row))
        for blk in range(first + 1, last + 1):
            other = 2 * blk  # a later block's first slot
            acc = acc + ws.load_tile((bm, bn), (other // per_row, other % per_row))
        i, j = grouped_tile(dp_tiles + tau, rows, cols, group)  # type: ignore[arg-type]
        tl.unsafe.store(c, (i, j), acc)  # (converted to c's dtype)


@dataclass(frozen=True)
class Plan:
    """How one ``m x n`` output (``k`` deep) splits: ``blocks`` persistent blocks, the first
    ``dp_waves`` tiles of each data-parallel, the ``sk_tiles`` after them stream-K in runs of
    ``run`` k-iterations (``sk_tiles == 0``: no tail, the plain persistent kernel)."""

    rows: int  # output tiles along M
    cols: int  # along N
    k_tiles: int
    blocks: int
    dp_waves: int
    sk_tiles: int
    run: int

    @property
    def dp_tiles(self) -> int:
        return min(self.dp_waves * self.blocks, self.rows * self.cols)

    @property
    def iters(self) -> int:
        return self.sk_tiles * self.k_tiles

    def owners(self, tau: int) -> range:
        """The blocks whose runs meet tail tile ``tau`` (one: stored by that block)."""
        base = tau * self.k_tiles
        return range(base // self.run, (base + self.k_tiles - 1) // self.run + 1)

    def shared(self) -> list[int]:
        """The tail tiles (0 = the first after the data-parallel ones) split between runs."""
        return [tau for tau in range(self.sk_tiles) if len(self.owners(tau)) > 1]


def plan(
    m: int, n: int, k: int, bm: int, bn: int, bk: int, blocks: int, dp_waves: int | None
) -> Plan:
    """The split over ``blocks`` persistent blocks. ``dp_waves`` None: every full wave but the
    last data-parallel and the rest (the last full wave and the partial one) stream-K; with no
    partial wave, everything data-parallel (nothing to balance). 0: everything stream-K (on at
    most one block a k-iteration). Clamped to the full waves there are. An empty K makes every
    tile data-parallel (each stores zeros)."""
    rows, cols = -(-m // bm), -(-n // bn)
    tiles, k_tiles = rows * cols, -(-k // bk)
    if k_tiles == 0:
        count = min(blocks, tiles)
        return Plan(rows, cols, k_tiles, count, -(-tiles // count), 0, 1)
    full, tail = divmod(tiles, blocks)
    if dp_waves is None:
        dp_waves = max(full - 1, 0) if tail else full
    dp_waves = max(0, min(dp_waves, full))
    sk_tiles = tiles - dp_waves * blocks
    if sk_tiles == 0:
        return Plan(rows, cols, k_tiles, blocks, dp_waves, 0, 1)
    iters = sk_tiles * k_tiles
    if dp_waves == 0:  # no block without a share of the tail (more blocks than iterations)
        blocks = min(blocks, iters)
    return Plan(rows, cols, k_tiles, blocks, dp_waves, sk_tiles, -(-iters // blocks))


def _fit(need: int, grid: int) -> tuple[int, int]:
    """(length, tile): the smallest length >= ``need`` and a power-of-two tile that cut it into
    exactly ``grid`` tiles (``cdiv(length, tile) == grid``)."""
    tile = pow2(-(-need // grid))
    return max(need, (grid - 1) * tile + 1), tile


@functools.lru_cache(maxsize=256)
def _layout(slots: int, rows: int, cols: int, bm: int, bn: int) -> tuple[int, int, int, int]:
    """(height, width, th, tw) of the smallest workspace holding ``slots`` ``bm x bn`` slots
    whose ``(th, tw)`` partition has the grid ``(rows, cols)``."""
    best: tuple[int, int, int, int] | None = None
    for slot_rows in range(1, slots + 1):
        height, th = _fit(slot_rows * bm, rows)
        width, tw = _fit(-(-slots // slot_rows) * bn, cols)
        if best is None or height * width < best[0] * best[1]:
            best = (height, width, th, tw)
    assert best is not None
    return best


def workspace_shape(p: Plan, bm: int, bn: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """(tensor shape, partition tile) of the workspace: ``2 * blocks`` slots of ``bm x bn``
    f32, ``width // bn`` slots a row (slot ``s`` is the ``(bm, bn)`` tile ``(s // per_row,
    s % per_row)``), padded as little as can be so that the ``(th, tw)`` partition (powers of
    two) has the output's grid ``(rows, cols)``, as one launch's Mutable partitions must."""
    height, width, th, tw = _layout(2 * p.blocks, p.rows, p.cols, bm, bn)
    return (height, width), (th, tw)


_lock = threading.Lock()
_workspaces: dict[tuple[Any, ...], list[Tensor[Any]]] = {}


def _workspace_tensors(p: Plan, bm: int, bn: int) -> list[Tensor[Any]]:
    """The workspaces kept for ``p``'s shape on this backend and device (one unless two GEMMs
    of it were in flight at once)."""
    key = (tr.backend().name, tr.Device().index, workspace_shape(p, bm, bn)[0])
    with _lock:
        return _workspaces.setdefault(key, [])


def _check(out: Tensor[Any], a: Tensor[Any], b: Tensor[Any]) -> tuple[int, int, int]:
    float_dtype("gemm_streamk", out, a, b)
    m, k = rank("gemm_streamk a", a, 2)
    k2, n = rank("gemm_streamk b", b, 2)
    if k2 != k:
        raise ValueError(f"gemm_streamk: a is {m}x{k} but b is {k2}x{n}")
    shape("gemm_streamk out", out, (m, n))
    return m, n, k


def _plan(
    out: Tensor[Any],
    a: Tensor[Any],
    b: Tensor[Any],
    bm: int,
    bn: int,
    bk: int,
    dp_waves: int | None,
    blocks: int | None,
) -> Plan:
    m, n, k = _check(out, a, b)
    count = tr.Device().sm_count if blocks is None else blocks
    if count < 1:
        raise ValueError(f"gemm_streamk: blocks={count}, need at least 1")
    return plan(m, n, k, bm, bn, bk, count, dp_waves)


def streamk_workspace(
    out: Tensor[Any],
    a: Tensor[Any],
    b: Tensor[Any],
    *,
    bm: int = 128,
    bn: int = 128,
    bk: int = 64,
    dp_waves: int | None = None,
    blocks: int | None = None,
) -> Tensor[Any] | None:
    """A workspace for ``gemm_streamk`` with these arguments: a kept one that no op holds now
    (made, and kept, where every one is held), as the call itself picks by default. Pass it
    as ``workspace=`` inside a ``tr.graph()`` capture: the GEMMs of one graph may share one
    (they run in order); two graphs alive at once need one each (a graph holds its tensors
    until closed: make the second after capturing the first). None where the split has no
    tail (no workspace needed)."""
    p = _plan(out, a, b, bm, bn, bk, dp_waves, blocks)
    if p.sk_tiles == 0:
        return None
    return _kept_workspace(p, bm, bn)


def _kept_workspace(p: Plan, bm: int, bn: int) -> Tensor[Any]:
    """A kept workspace for ``p``. Outside a capture, one that nothing holds (another made
    where every kept one is held: two GEMMs of one split in flight at once, or one called
    inside a ``.then`` callback of a chain whose earlier GEMM holds it: a chain made inside a
    callback does not share the outer chain's borrows, so its fixup could not read what the
    outer GEMM wrote). Inside a ``tr.graph()`` capture, which allocates nothing, the first one
    (the capture's ops share what it holds)."""
    kept = _workspace_tensors(p, bm, bn)
    with _lock:
        if capturing() is not None:
            if not kept:
                raise RuntimeError(
                    "gemm_streamk: no workspace of shape "
                    f"{workspace_shape(p, bm, bn)[0]} yet, and a tr.graph() capture cannot "
                    "allocate one: call streamk_workspace (or gemm_streamk) with these "
                    "arguments before the capture and pass it as workspace="
                )
            return kept[0]
        for t in kept:
            try:
                check_host_write(t, "reuse")  # held by an op: leave it to that op
            except BorrowError:
                continue
            return t
        t = tr.empty(workspace_shape(p, bm, bn)[0], dtype=tr.f32)
        kept.append(t)
        return t


def _mapped(out: Tensor[Any], p: Plan, bm: int, bn: int, group: int) -> Any:
    return out.partition((bm, bn)).mapped(blocks=p.blocks, order=tr.grouped(group))


@writes("out", "workspace")
def gemm_streamk(
    out: Tensor[Any],
    a: Tensor[Any],
    b: Tensor[Any],
    *,
    bm: int = 128,
    bn: int = 128,
    bk: int = 64,
    group: int = 8,
    dp_waves: int | None = None,
    blocks: int | None = None,
    workspace: Tensor[Any] | None = None,
) -> Op:
    """``out = a @ b`` (``a: [M, K]``, ``b: [K, N]``, f16, bf16 or f32, one dtype, accumulated
    in f32): data-parallel persistent waves, then the tail stream-K without atomics (see the
    module docstring). ``dp_waves``: the data-parallel tiles a block (None: every full wave
    but the last, 0: all stream-K). ``blocks``: the persistent blocks (default: the SM count;
    tests set it). Tiles ``bm x bn`` in ``tr.grouped(group)`` order, ``bk`` deep. A split with
    no tail (or an empty K) is ``gemm_persistent`` alone, one block an SM. ``workspace``: from
    ``streamk_workspace`` with the same arguments (needed inside a ``tr.graph()`` capture);
    by default one kept per shape, made on first use."""
    p = _plan(out, a, b, bm, bn, bk, dp_waves, blocks)
    if p.sk_tiles == 0:  # nothing to share (or K empty): the plain persistent kernel
        plain = specialize(gemm_persistent, T=out.dtype).with_options(occupancy=1)
        return plain(_mapped(out, p, bm, bn, group), a, b, bk)
    ws_shape, ws_tile = workspace_shape(p, bm, bn)
    if workspace is None:
        workspace = _kept_workspace(p, bm, bn)
    elif workspace.dtype is not tr.f32:
        raise TypeError(f"gemm_streamk: an f32 workspace, got {workspace.describe()}")
    shape("gemm_streamk workspace", workspace, ws_shape)
    ws = workspace
    ws_part = ws.partition(ws_tile).mapped(blocks=p.blocks, order=tr.grouped(group))
    main = specialize(streamk_main.fn, unsafe=True, T=out.dtype).with_options(occupancy=1)
    first: Op = main(_mapped(out, p, bm, bn, group), ws_part, a, b, bk, group, p.dp_waves, p.run)
    fix = specialize(streamk_fixup.fn, unsafe=True, T=out.dtype)
    boundaries = max(1, p.blocks - 1)

    def fixup(*_: Any) -> Op:
        c = out.partition((bm, bn)).mapped(blocks=boundaries)
        return fix(c, ws, group, p.dp_tiles, p.k_tiles, p.run)

    return first.then(fixup)


__all__ = ["Plan", "gemm_streamk", "plan", "streamk_workspace", "workspace_shape"]
