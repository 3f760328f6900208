"""The GEMM's tail-sharing variant (``tilert/kernels/gemm_tail.py``, experimental: called
through ``gemm_tail_op``, not the tuner) on the interpreter against numpy, for f16, bf16 and
f32: outputs with and without a partial last wave, K an odd number of k-tiles (runs that split
tiles unevenly), a grid smaller than the blocks (the whole output shared out), a second call
and a graph replay on the same workspace (left zero by each call), and where no op is made (no
tail, a busy workspace, a capture that would allocate).

The SM count sets the split; the CPU reports its cores (2 here), so the tests stand in an
H100-like count where they need tiles split among three or more blocks. Tiles are 16x16x16,
small enough for the interpreter's element-by-element atomics."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import tilert as tr
import tilert.kernels as tk
from tests.support.kernel_checks import DTYPES, check, tensor
from tilert.kernels import gemm_tail
from tilert.ops import Op

pytestmark = pytest.mark.usefixtures("interpreter")

RNG = np.random.default_rng(19)


# the configs benchmarks/gpu_probe_gemm_tail.py runs on the GPU
PROBE_CONFIGS = [
    tr.Config(bm=128, bn=128, bk=64, group=8, variant="stream_k", stream_k=s, occupancy=1)
    for s in (1, 2)
]


def _cfg(stream_k: int) -> tr.Config:
    return tr.Config(
        bm=16, bn=16, bk=16, group=2, variant="stream_k", stream_k=stream_k, occupancy=1
    )


@pytest.fixture
def sms(monkeypatch: pytest.MonkeyPatch) -> Any:
    """Set the SM count the split is planned for."""

    def set_count(n: int) -> None:
        monkeypatch.setattr(tr.Device, "sm_count", property(lambda self: n))

    return set_count


def _parts(m: int, n: int, k: int, count: int, stream_k: int) -> int:
    """The most blocks sharing one tile under the plan (what the counters must count to)."""
    p = gemm_tail.plan(m, n, k, 16, 16, 16, count, stream_k)
    k_tiles = -(-k // 16)
    iters = p.sk_tiles * k_tiles
    run = -(-iters // p.blocks)
    return max(
        (t * k_tiles + k_tiles - 1) // run - (t * k_tiles) // run + 1 for t in range(p.sk_tiles)
    )


def _op(cfg: tr.Config, out: tr.Tensor[Any], a: tr.Tensor[Any], b: tr.Tensor[Any]) -> Op:
    op = gemm_tail.gemm_tail_op(cfg, out, a, b)
    assert op is not None, "no stream-K op where the plan shares a tail"
    return op


def _gemm(m: int, n: int, k: int, dt: type[tr.DType], cfg: tr.Config) -> None:
    a, ar = tensor(RNG.standard_normal((m, k)), dt)
    b, br = tensor(RNG.standard_normal((k, n)), dt)
    out = tr.empty((m, n), dtype=dt)
    _op(cfg, out, a, b).sync()
    check(out, ar @ br, dt)


def _workspace(p: gemm_tail.Plan) -> tuple[tr.Tensor[Any], tr.Tensor[Any]]:
    made = gemm_tail.workspace(p, 16, 16)
    assert made is not None
    return made


def _clean(m: int, n: int, k: int, count: int, stream_k: int) -> None:
    partials, arrivals = _workspace(gemm_tail.plan(m, n, k, 16, 16, 16, count, stream_k))
    assert not partials.to_numpy().any(), "partial sums left in the workspace"
    assert not arrivals.to_numpy().any(), "arrival counters left non-zero"


@pytest.mark.parametrize("dt", DTYPES, ids=lambda d: d.name)
@pytest.mark.parametrize(
    ("mnk", "count", "stream_k"),
    [
        ((48, 48, 80), 2, 1),  # 9 tiles on 2 blocks: one tile of 5 k-tiles split 3 + 2
        ((48, 48, 80), 2, 2),  # three tiles over 2 blocks: one whole, one split, one whole
        ((40, 50, 112), 5, 1),  # edge tiles in M and N; 12 tiles on 5: 2 left, 7 k-tiles
        ((40, 50, 112), 5, 2),
        ((16, 16, 112), 4, 1),  # one tile, the whole grid, shared by 4 blocks
        ((33, 47, 200), 4, 2),  # K not a multiple of the tile (13 k-tiles, the last short)
    ],
)
def test_stream_k_matches_numpy(
    dt: type[tr.DType], mnk: tuple[int, int, int], count: int, stream_k: int, sms: Any
) -> None:
    sms(count)
    m, n, k = mnk
    assert gemm_tail.plan(m, n, k, 16, 16, 16, count, stream_k).sk_tiles > 0
    _gemm(m, n, k, dt, _cfg(stream_k))
    _clean(m, n, k, count, stream_k)


@pytest.mark.parametrize("cfg", PROBE_CONFIGS, ids=lambda c: f"stream_k{c.stream_k}")
def test_the_probe_configs_share_a_tail(cfg: tr.Config, sms: Any) -> None:
    """The GPU probe's configs (128x128x64) where they split: 9 tiles on 2 blocks, K of 3
    k-tiles (under the sm_90 typecheck this compiles the kernel the GPU runs)."""
    sms(2)
    assert gemm_tail.plan(384, 384, 192, 128, 128, 64, 2, cfg.stream_k).sk_tiles > 0
    a, ar = tensor(RNG.standard_normal((384, 192)), tr.bf16)
    b, br = tensor(RNG.standard_normal((192, 384)), tr.bf16)
    out = tr.empty((384, 384), dtype=tr.bf16)
    _op(cfg, out, a, b).sync()
    check(out, ar @ br, tr.bf16)


def test_a_tile_can_be_shared_by_many_blocks(sms: Any) -> None:
    sms(8)
    assert _parts(16, 16, 112, 8, 1) == 7  # 7 k-tiles over 8 blocks: one each
    _gemm(16, 16, 112, tr.f32, _cfg(1))
    _clean(16, 16, 112, 8, 1)


@pytest.mark.parametrize("stream_k", [1, 2])
def test_second_call_reuses_the_workspace(stream_k: int, sms: Any) -> None:
    sms(3)
    m, n, k = 64, 64, 48  # 16 tiles on 3 blocks: one left over
    p = gemm_tail.plan(m, n, k, 16, 16, 16, 3, stream_k)
    assert p.sk_tiles == 1 + 3 * (stream_k - 1)
    first = _workspace(p)
    for _ in range(2):
        _gemm(m, n, k, tr.f16, _cfg(stream_k))
        _clean(m, n, k, 3, stream_k)
    assert _workspace(p)[0] is first[0]


def test_graph_replays_find_the_workspace_clean(sms: Any) -> None:
    sms(2)
    a, ar = tensor(RNG.standard_normal((48, 80)), tr.f32)
    b, br = tensor(RNG.standard_normal((80, 48)), tr.f32)
    out = tr.empty((48, 48), dtype=tr.f32)
    _op(_cfg(1), out, a, b).sync()  # makes the workspace outside the capture
    with tr.graph() as g:
        g.record(_op(_cfg(1), out, a, b))
    for _ in range(2):  # a second replay on a dirty workspace would add the partials twice
        g.launch().wait()
    g.close()  # (the graph holds `out` until closed)
    check(out, ar @ br, tr.f32)
    _clean(48, 48, 80, 2, 1)


def test_a_capture_that_would_allocate_makes_no_op(sms: Any) -> None:
    """None inside the capture (the caller records the plain kernel, as here)."""
    sms(2)
    a, ar = tensor(RNG.standard_normal((80, 96)), tr.f16)  # 5 x 3 tiles: no other test's
    b, br = tensor(RNG.standard_normal((96, 48)), tr.f16)
    out = tr.empty((80, 48), dtype=tr.f16)
    with tr.graph() as g:
        assert gemm_tail.gemm_tail_op(_cfg(1), out, a, b) is None
        g.record(tk.gemm(out, a, b, config=tk.GEMM_CONFIGS[0]))
    g.launch().wait()
    g.close()
    check(out, ar @ br, tr.f16)


def test_no_partial_wave_makes_no_op(sms: Any) -> None:
    sms(2)
    a = tr.zeros((32, 16), dtype=tr.f16)
    b = tr.zeros((16, 32), dtype=tr.f16)
    out = tr.empty((32, 32), dtype=tr.f16)
    assert gemm_tail.gemm_tail_op(_cfg(1), out, a, b) is None  # 4 tiles on 2 blocks


def test_a_busy_workspace_makes_no_op_until_it_is_free(sms: Any) -> None:
    sms(2)
    a, ar = tensor(RNG.standard_normal((48, 80)), tr.bf16)
    b, br = tensor(RNG.standard_normal((80, 48)), tr.bf16)
    out1, out2 = tr.empty((48, 48), dtype=tr.bf16), tr.empty((48, 48), dtype=tr.bf16)
    first = _op(_cfg(1), out1, a, b)  # holds the workspace until it runs
    assert gemm_tail.gemm_tail_op(_cfg(1), out2, a, b) is None
    first.sync()
    _op(_cfg(1), out2, a, b).sync()  # free again
    check(out1, ar @ br, tr.bf16)
    check(out2, ar @ br, tr.bf16)


def test_plan_of_the_h100_sizes() -> None:
    """The arithmetic of docs/kernels.md: 1024 tiles on 132 SMs are 7 waves and 100 left,
    4096 tiles 31 waves and 4 left; ``stream_k=2`` shares one full wave more."""
    assert gemm_tail.plan(4096, 4096, 4096, 128, 128, 64, 132, 1) == gemm_tail.Plan(
        32, 32, 132, 7, 100
    )
    assert gemm_tail.plan(8192, 8192, 8192, 128, 128, 64, 132, 1) == gemm_tail.Plan(
        64, 64, 132, 31, 4
    )
    assert gemm_tail.plan(8192, 8192, 8192, 128, 128, 64, 132, 2) == gemm_tail.Plan(
        64, 64, 132, 30, 136
    )
    assert gemm_tail.plan(128, 128, 64, 128, 128, 64, 132, 1) == gemm_tail.Plan(1, 1, 1, 0, 1)
    assert gemm_tail.plan(4224, 4096, 64, 128, 128, 64, 132, 1).sk_tiles == 0  # 1056 = 8 x 132
