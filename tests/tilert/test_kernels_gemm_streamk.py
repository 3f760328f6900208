"""The stream-K GEMM without atomics (``tilert/kernels/gemm_streamk.py``, experimental: not in
``tk.gemm``'s tuner) on the interpreter against numpy in f64, for f32, f16 and bf16 (the
tolerances of ``tests/support/kernel_checks.py``, as the other GEMM tests): edge tiles in M and
N, K not a multiple of ``bk``, tails of several sizes (the block count forced with ``blocks=``:
the CPU's ``sm_count`` is its cores), ``dp_waves`` 0 and the default, a tile shared by many
blocks, two calls in a row on one workspace, a graph replayed twice, a busy workspace, a
capture before any workspace, no tail and an empty K. The interpreter's race check runs on
every launch (two blocks writing one element of ``out`` or of the workspace raise). The split
itself is checked in Python for many shapes: every tail iteration in exactly one run, a
block's slots its own, every shared tile fixed by exactly one block of the second kernel.

Tiles are 16x16x16 but where a test says otherwise (the GPU probe's 128x128 / 128x256)."""

from __future__ import annotations

import itertools
from typing import Any

import numpy as np
import pytest

import tilert as tr
from tests.support.kernel_checks import DTYPES, check, tensor
from tilert.kernels import gemm_streamk as gs

pytestmark = pytest.mark.usefixtures("interpreter")

RNG = np.random.default_rng(28)
SMALL = {"bm": 16, "bn": 16, "bk": 16, "group": 2}


def _inputs(m: int, n: int, k: int, dt: type[tr.DType]) -> tuple[Any, Any, Any, Any]:
    a, ar = tensor(RNG.standard_normal((m, k)), dt)
    b, br = tensor(RNG.standard_normal((k, n)), dt)
    return a, b, ar, br


def _gemm(
    m: int, n: int, k: int, dt: type[tr.DType], blocks: int, dp_waves: int | None, **tiles: int
) -> gs.Plan:
    tiles = {**SMALL, **tiles}
    a, b, ar, br = _inputs(m, n, k, dt)
    out = tr.full((m, n), float("nan"), dtype=dt)  # an unwritten element fails the check
    gs.gemm_streamk(out, a, b, dp_waves=dp_waves, blocks=blocks, **tiles).sync()
    check(out, ar @ br, dt)
    return gs.plan(m, n, k, tiles["bm"], tiles["bn"], tiles["bk"], blocks, dp_waves)


@pytest.mark.parametrize("dt", DTYPES, ids=lambda d: d.name)
@pytest.mark.parametrize(
    ("mnk", "blocks", "dp_waves", "shared"),
    [
        # 9 tiles on 2 blocks: 3 waves data-parallel, 3 tiles of 5 k-tiles over 2 runs of 8
        ((48, 48, 80), 2, None, 1),
        # edge tiles in M and N, 12 tiles on 5: a wave data-parallel, 7 tiles in runs of 10
        ((40, 50, 112), 5, None, 4),
        ((40, 50, 112), 5, 0, 4),  # everything stream-K: 84 k-iterations in runs of 17
        # K not a multiple of bk (13 k-tiles, the last 8 deep), all stream-K on 4 blocks
        ((33, 47, 200), 4, 0, 3),
        # 20 tiles on 3 blocks: 5 waves data-parallel, the partial wave and one more shared
        ((80, 64, 40), 3, None, 2),
    ],
)
def test_streamk_matches_numpy(
    dt: type[tr.DType],
    mnk: tuple[int, int, int],
    blocks: int,
    dp_waves: int | None,
    shared: int,
) -> None:
    p = _gemm(*mnk, dt, blocks, dp_waves)
    assert p.sk_tiles > 0
    assert len(p.shared()) == shared


def test_a_tile_shared_by_many_blocks() -> None:
    """One 16x16 output of 7 k-tiles on 8 blocks: 7 runs of one k-iteration, and the second
    kernel sums 7 slots."""
    p = _gemm(16, 16, 112, tr.f32, 8, None)
    assert (p.blocks, p.run, p.shared()) == (7, 1, [0])
    assert len(p.owners(0)) == 7


def test_runs_shorter_than_a_tile() -> None:
    """3 tiles of 7 k-tiles on 5 blocks (runs of 5): tiles shared by two and three blocks, a
    run inside one tile (its slot 0), the last run one k-iteration long."""
    p = _gemm(16, 48, 112, tr.bf16, 5, 0)
    assert sorted(len(p.owners(t)) for t in range(p.sk_tiles)) == [2, 2, 3]
    _gemm(16, 48, 112, tr.f16, 5, 0)


@pytest.mark.parametrize(
    ("bm", "bn"),
    [(128, 128), (128, 256)],
)
@pytest.mark.parametrize("dp_waves", [None, 0])
def test_the_probe_tilings(bm: int, bn: int, dp_waves: int | None) -> None:
    """The GPU probe's tilings (bk 64, groups of 8) where they split on 4 blocks; K of 5
    k-tiles. (Under ``TILERT_CUTILE_TYPECHECK=1`` this compiles the kernels the GPU runs.)"""
    p = _gemm(384, 768, 320, tr.bf16, 4, dp_waves, bm=bm, bn=bn, bk=64, group=8)
    assert p.sk_tiles > 0 and p.shared()


def test_two_calls_in_a_row_share_the_workspace() -> None:
    a, b, ar, br = _inputs(64, 64, 48, tr.f16)  # 16 tiles on 3 blocks: 1 left over
    p = gs.plan(64, 64, 48, 16, 16, 16, 3, None)
    assert (p.dp_waves, p.sk_tiles) == (4, 4)
    first = gs.streamk_workspace(tr.empty((64, 64), dtype=tr.f16), a, b, **_no_group(), blocks=3)
    for _ in range(2):
        out = tr.full((64, 64), float("nan"), dtype=tr.f16)
        gs.gemm_streamk(out, a, b, blocks=3, **SMALL).sync()
        check(out, ar @ br, tr.f16)
    again = gs.streamk_workspace(tr.empty((64, 64), dtype=tr.f16), a, b, **_no_group(), blocks=3)
    assert again is first


def test_a_chain_of_two_calls() -> None:
    """Two GEMMs in one ``.then`` chain: the second reuses the workspace the first wrote."""
    a, b, ar, br = _inputs(48, 48, 80, tr.f32)
    b2, br2 = tensor(RNG.standard_normal((48, 48)), tr.f32)
    out = tr.empty((48, 48), dtype=tr.f32)
    out2 = tr.empty((48, 48), dtype=tr.f32)
    op = gs.gemm_streamk(out, a, b, blocks=2, **SMALL)
    op.then(lambda *_: gs.gemm_streamk(out2, out, b2, blocks=2, **SMALL)).sync()
    check(out, ar @ br, tr.f32)
    check(out2, out.to_numpy().astype(np.float64) @ br2, tr.f32)


def test_graph_replayed_twice() -> None:
    """Two GEMMs of one split recorded in one graph (the second reads the first's output and
    shares its workspace), replayed twice."""
    a, b, ar, br = _inputs(48, 48, 80, tr.bf16)
    b2, br2 = tensor(RNG.standard_normal((48, 48)), tr.bf16)
    out = tr.full((48, 48), float("nan"), dtype=tr.bf16)
    out2 = tr.full((48, 48), float("nan"), dtype=tr.bf16)
    ws = gs.streamk_workspace(out, a, b, **_no_group(), blocks=2)
    with tr.graph() as g:
        g.record(gs.gemm_streamk(out, a, b, blocks=2, workspace=ws, **SMALL))
        g.record(gs.gemm_streamk(out2, out, b2, blocks=2, workspace=ws, **SMALL))
    for _ in range(2):
        g.launch().wait()
    g.close()  # (the graph holds its tensors until closed)
    check(out, ar @ br, tr.bf16)
    check(out2, out.to_numpy().astype(np.float64) @ br2, tr.bf16)


def test_a_capture_needs_the_workspace_made_first(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without a kept workspace a capture refuses the call (it would allocate); with one
    made ahead, passed or not, it records."""
    monkeypatch.setattr(gs, "_workspaces", {})  # none kept yet
    a, b, ar, br = _inputs(80, 48, 96, tr.f16)
    out = tr.empty((80, 48), dtype=tr.f16)
    with tr.graph() as g, pytest.raises(RuntimeError, match="before the capture"):
        gs.gemm_streamk(out, a, b, blocks=4, **SMALL)  # tilecheck: ignore[TC111]
    g.close()
    ws = gs.streamk_workspace(out, a, b, **_no_group(), blocks=4)
    assert ws is not None
    with tr.graph() as g:
        g.record(gs.gemm_streamk(out, a, b, blocks=4, workspace=ws, **SMALL))
    g.launch().wait()
    g.close()
    check(out, ar @ br, tr.f16)
    out.copy_from(np.zeros((80, 48), dtype=np.float32))
    with tr.graph() as g:  # the kept one, found by shape
        g.record(gs.gemm_streamk(out, a, b, blocks=4, **SMALL))  # tilecheck: ignore[TC111]
    g.launch().wait()
    g.close()
    check(out, ar @ br, tr.f16)
    with pytest.raises(ValueError, match="workspace"):
        gs.gemm_streamk(out, a, b, blocks=4, workspace=tr.empty((8, 8)), **SMALL)


def test_a_busy_workspace_gets_a_second_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two GEMMs of one split in flight at once: the second cannot write the first's
    workspace before the first has run, so it is given another (outside a capture); a third
    call, after both, finds the first free again."""
    monkeypatch.setattr(gs, "_workspaces", {})
    a, b, ar, br = _inputs(48, 80, 64, tr.f32)
    out1, out2 = tr.empty((48, 80), dtype=tr.f32), tr.empty((48, 80), dtype=tr.f32)
    first = gs.gemm_streamk(out1, a, b, blocks=2, **SMALL)
    second = gs.gemm_streamk(out2, a, b, blocks=2, **SMALL)
    second.sync()
    first.sync()
    check(out1, ar @ br, tr.f32)
    check(out2, ar @ br, tr.f32)
    p = gs.plan(48, 80, 64, 16, 16, 16, 2, None)
    kept = gs._workspace_tensors(p, 16, 16)
    assert len(kept) == 2
    assert gs.streamk_workspace(out1, a, b, **_no_group(), blocks=2) is kept[0]


def test_no_tail_is_the_plain_kernel() -> None:
    a, b, _, _ = _inputs(32, 48, 40, tr.f16)  # 6 tiles on 3 blocks: two full waves
    p = _gemm(32, 48, 40, tr.f16, 3, None)
    assert (p.dp_waves, p.sk_tiles) == (2, 0)
    assert (
        gs.streamk_workspace(tr.empty((32, 48), dtype=tr.f16), a, b, **_no_group(), blocks=3)
        is None
    )
    p = _gemm(32, 48, 40, tr.f16, 3, 0)  # still shared out when asked
    assert p.sk_tiles == 6


def test_empty_k_gives_zeros() -> None:
    a = tr.zeros((40, 0), dtype=tr.f32)
    b = tr.zeros((0, 24), dtype=tr.f32)
    out = tr.full((40, 24), 7.0, dtype=tr.f32)
    gs.gemm_streamk(out, a, b, blocks=2, dp_waves=0, **SMALL).sync()
    assert not out.to_numpy().any()


def test_bad_arguments() -> None:
    a, b, _, _ = _inputs(16, 16, 16, tr.f32)
    with pytest.raises(ValueError, match="gemm_streamk: a is"):
        gs.gemm_streamk(tr.empty((16, 16), dtype=tr.f32), a, tr.zeros((17, 16), dtype=tr.f32))
    with pytest.raises(TypeError, match="gemm_streamk"):
        gs.gemm_streamk(tr.empty((16, 16), dtype=tr.f16), a, b)
    with pytest.raises(ValueError, match="blocks=0"):
        gs.gemm_streamk(tr.empty((16, 16), dtype=tr.f32), a, b, blocks=0)


# -- the split, in Python -----------------------------------------------------------------------
def _simulate(p: gs.Plan) -> None:
    """Kernel 1's and kernel 2's arithmetic, as written in the kernels: every tail k-iteration
    in one run; a tile whole in a run stored by it and by no other block; each block's partial
    tiles in its own two slots; each shared tile fixed by one boundary block, which sums the
    slots its owners wrote."""
    k = p.k_tiles
    whole: list[int] = []
    slots: dict[int, int] = {}  # slot -> the tail tile whose partial sum it holds
    covered = [0] * p.iters
    for block in range(p.blocks):
        start = block * p.run
        end = min(start + p.run, p.iters)
        for tau in range(start // k, -(-end // k)):
            base = tau * k
            lo, hi = max(start, base) - base, min(end, base + k) - base
            for it in range(base + lo, base + hi):
                covered[it] += 1
            if hi - lo == k:
                whole.append(tau)
            else:
                slot = 2 * block + 1 - min(lo, 1)
                assert slot not in slots, f"{p}: block {block} writes slot {slot} twice"
                slots[slot] = tau
    assert covered == [1] * p.iters, p
    fixed: list[int] = []
    for q in range(max(1, p.blocks - 1)):
        at = (q + 1) * p.run
        tau = at // k
        base = tau * k
        if min(p.iters - at, at - base, base + p.run + 1 - at) > 0:
            first, last = q, (base + k - 1) // p.run
            assert range(first, last + 1) == p.owners(tau)
            summed = [2 * first + 1] + [2 * b for b in range(first + 1, last + 1)]
            assert all(slots.get(s) == tau for s in summed), (p, tau, summed, slots)
            fixed.append(tau)
    assert sorted(whole + fixed) == list(range(p.sk_tiles)), p
    assert sorted(fixed) == p.shared(), p
    assert set(slots) <= set(range(2 * p.blocks))


def test_the_split_covers_every_tile_once() -> None:
    count = 0
    for rows, cols, k_tiles, blocks in itertools.product(
        (1, 2, 3, 5), (1, 4, 7), (1, 2, 3, 7, 16), (1, 2, 3, 5, 8, 13)
    ):
        for dp in (None, 0, 1, 2):
            p = gs.plan(rows * 16, cols * 16, k_tiles * 16, 16, 16, 16, blocks, dp)
            if p.sk_tiles:
                _simulate(p)
                count += 1
    assert count > 500


def test_plans_of_the_h100_sizes() -> None:
    """132 SMs: 4096 at 128x128 is 1024 tiles, 7 full waves and 100 left: 6 waves
    data-parallel, 232 tiles stream-K in runs of 113 k-iterations (of 64 a tile); 8192 is 4096
    tiles, 31 waves and 4 left: 30 waves, 136 tiles."""
    for size, bn, expected in [
        (4096, 128, gs.Plan(32, 32, 64, 132, 6, 232, 113)),
        (8192, 128, gs.Plan(64, 64, 128, 132, 30, 136, 132)),
        (4096, 256, gs.Plan(32, 16, 64, 132, 2, 248, 121)),
        (8192, 256, gs.Plan(64, 32, 128, 132, 14, 200, 194)),
    ]:
        p = gs.plan(size, size, size, 128, bn, 64, 132, None)
        assert p == expected
        _simulate(p)
        zero = gs.plan(size, size, size, 128, bn, 64, 132, 0)
        assert (zero.dp_waves, zero.sk_tiles) == (0, p.rows * p.cols)
        _simulate(zero)
        (height, width), (th, tw) = gs.workspace_shape(p, 128, bn)
        assert (-(-height // th), -(-width // tw)) == (p.rows, p.cols)
        assert (height // 128) * (width // bn) >= 2 * p.blocks
        assert height * width * 4 < 64 * 2**20  # under 64 MB


def _no_group() -> dict[str, int]:
    return {k: v for k, v in SMALL.items() if k != "group"}
