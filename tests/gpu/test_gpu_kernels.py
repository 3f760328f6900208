"""tilert.kernels on the H100 (cutile backend) against torch at real sizes: the row
normalizations at 4096x8192 (and a row past the chunk, the persistent path), RoPE, the SwiGLU
gate, the tuned GEMM, bmm, GEMV at 16384x16384, flash attention (causal, grouped-query) against
torch's SDPA, flash-decoding, embedding, argmax and dropout. Skipped (by conftest) where no
GPU backend is usable; torch is imported inside the tests.

Tolerance: the largest absolute error over the largest reference magnitude (at least 1), the
reference computed by torch in f32 from the same rounded inputs: 1e-4 (f32; 5e-3 for
products, which may run as TF32), 5e-3 (f16), 3e-2 (bf16)."""

from __future__ import annotations

import math
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import tilert as tr
import tilert.kernels as tk
from tilert import backends

pytestmark = pytest.mark.gpu

TOL = {"f32": 1e-4, "f16": 5e-3, "bf16": 3e-2}
DT = {"f32": tr.f32, "f16": tr.f16, "bf16": tr.bf16}


@pytest.fixture
def gpu(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Any]:
    """The cutile backend, a fresh autotune cache, and torch (skipped without CUDA)."""
    torch = pytest.importorskip("torch")
    if not torch.cuda.is_available():
        pytest.skip("torch has no CUDA")
    monkeypatch.setenv("TILERT_BACKEND", "cutile")
    monkeypatch.setenv("TILERT_CACHE_DIR", str(tmp_path))
    backends.current.cache_clear()
    yield torch
    backends.current.cache_clear()


def make(torch: Any, shape: tuple[int, ...], dt: str, seed: int, scale: float = 1.0) -> Any:
    """A tilert tensor of normal values and the same values as an f32 CUDA torch tensor."""
    a = (np.random.default_rng(seed).standard_normal(shape) * scale).astype(DT[dt].np_dtype)
    return tr.from_numpy(a), torch.from_numpy(a.astype(np.float32)).cuda()


def check(torch: Any, got: tr.Tensor[Any], ref: Any, dt: str, tol: float | None = None) -> None:
    g = torch.from_numpy(got.to_numpy().astype(np.float32)).cuda()
    assert tuple(g.shape) == tuple(ref.shape)
    err = ((g - ref).abs().max() / max(1.0, ref.abs().max().item())).item()
    limit = TOL[dt] if tol is None else tol
    assert err <= limit, f"relative error {err} over {limit}"


@pytest.mark.parametrize(
    ("rows", "cols", "dt"), [(4096, 8192, "f16"), (1000, 3000, "bf16"), (64, 20000, "f32")]
)
def test_softmax(gpu: Any, rows: int, cols: int, dt: str) -> None:
    x, xt = make(gpu, (rows, cols), dt, 1, 3.0)
    out = tr.empty((rows, cols), dtype=DT[dt])
    tk.softmax(out, x).sync()  # tuned
    check(gpu, out, gpu.softmax(xt, dim=-1), dt)


@pytest.mark.parametrize(("rows", "cols", "dt"), [(4096, 8192, "f16"), (64, 20000, "bf16")])
def test_layernorm(gpu: Any, rows: int, cols: int, dt: str) -> None:
    x, xt = make(gpu, (rows, cols), dt, 2)
    w, wt = make(gpu, (cols,), dt, 3)
    b, bt = make(gpu, (cols,), dt, 4)
    out = tr.empty((rows, cols), dtype=DT[dt])
    tk.layernorm(out, x, w, b, 1e-5).sync()
    ref = gpu.nn.functional.layer_norm(xt, (cols,), wt, bt, 1e-5)
    check(gpu, out, ref, dt)


@pytest.mark.parametrize(("rows", "cols", "dt"), [(4096, 8192, "f16"), (300, 20000, "bf16")])
def test_rmsnorm_and_fused_residual(gpu: Any, rows: int, cols: int, dt: str) -> None:
    x, xt = make(gpu, (rows, cols), dt, 5)
    w, wt = make(gpu, (cols,), dt, 6)
    out = tr.empty((rows, cols), dtype=DT[dt])
    tk.rmsnorm(out, x, w, 1e-6).sync()
    rms = lambda h: h * gpu.rsqrt(h.pow(2).mean(-1, keepdim=True) + 1e-6) * wt  # noqa: E731
    check(gpu, out, rms(xt), dt)
    res, rt = make(gpu, (rows, cols), dt, 7)
    tk.rmsnorm(out, x, w, 1e-6, residual=res).sync()
    check(gpu, res, xt + rt, dt)
    check(gpu, out, rms(xt + rt), dt)


@pytest.mark.parametrize(("shape", "dt"), [((4096, 32, 128), "f16"), ((64, 8, 80), "bf16")])
def test_rope(gpu: Any, shape: tuple[int, int, int], dt: str) -> None:
    seq, _, d = shape
    x, xt = make(gpu, shape, dt, 8)
    pos = np.arange(seq, dtype=np.int64) * 3
    out = tr.empty(shape, dtype=DT[dt])
    tk.rope(out, x, tr.from_numpy(pos), 10000.0).sync()
    inv = 10000.0 ** (-gpu.arange(0, d // 2, dtype=gpu.float64, device="cuda") * 2 / d)
    angle = (gpu.from_numpy(pos).cuda().double()[:, None] * inv)[:, None, :]
    c, s = angle.cos().float(), angle.sin().float()
    x1, x2 = xt[..., : d // 2], xt[..., d // 2 :]
    check(gpu, out, gpu.cat([x1 * c - x2 * s, x2 * c + x1 * s], dim=-1), dt)


def test_silu_and_mul(gpu: Any) -> None:
    gu, gt = make(gpu, (4096, 2 * 11008), "f16", 9)
    out = tr.empty((4096, 11008), dtype=tr.f16)
    tk.silu_and_mul(out, gu).sync()
    check(gpu, out, gpu.nn.functional.silu(gt[:, :11008]) * gt[:, 11008:], "f16")


@pytest.mark.parametrize(
    ("mnk", "dt"),
    [
        ((4096, 4096, 4096), "f16"),
        ((4096, 4096, 4096), "bf16"),
        ((1000, 1000, 333), "f16"),
        ((512, 384, 256), "f32"),
    ],
)
def test_gemm(gpu: Any, mnk: tuple[int, int, int], dt: str) -> None:
    m, n, k = mnk
    a, at = make(gpu, (m, k), dt, 10, 0.1)
    b, bt = make(gpu, (k, n), dt, 11, 0.1)
    out = tr.empty((m, n), dtype=DT[dt])
    tk.gemm(out, a, b).sync()  # tuned over GEMM_CONFIGS
    check(gpu, out, at @ bt, dt, 5e-3 if dt == "f32" else None)


def test_bmm(gpu: Any) -> None:
    a, at = make(gpu, (8, 512, 384), "f16", 12, 0.1)
    b, bt = make(gpu, (8, 384, 200), "f16", 13, 0.1)
    out = tr.empty((8, 512, 200), dtype=tr.f16)
    tk.bmm(out, a, b).sync()
    check(gpu, out, at @ bt, "f16")


def test_gemv(gpu: Any) -> None:
    w, wt = make(gpu, (16384, 16384), "f16", 14, 0.05)
    x, xt = make(gpu, (16384,), "f16", 15)
    out = tr.empty((16384,), dtype=tr.f16)
    tk.gemv(out, w, x).sync()
    check(gpu, out, wt @ xt, "f16")


@pytest.mark.parametrize("causal", [False, True])
@pytest.mark.parametrize(
    ("shape", "dt"),
    [((1, 32, 32, 4096, 128), "f16"), ((2, 32, 8, 1000, 128), "bf16"), ((1, 4, 2, 300, 80), "f32")],
)
def test_attention_against_sdpa(gpu: Any, shape: tuple[int, ...], dt: str, causal: bool) -> None:
    b, h, hk, s, d = shape
    q, qt = make(gpu, (b, h, s, d), dt, 16)
    k, kt = make(gpu, (b, hk, s, d), dt, 17)
    v, vt = make(gpu, (b, hk, s, d), dt, 18)
    out = tr.empty((b, h, s, d), dtype=DT[dt])
    tk.attention(out, q, k, v, causal=causal).sync()
    kr, vr = kt.repeat_interleave(h // hk, dim=1), vt.repeat_interleave(h // hk, dim=1)
    ref = gpu.nn.functional.scaled_dot_product_attention(qt, kr, vr, is_causal=causal)
    check(gpu, out, ref, dt, 5e-3 if dt == "f32" else None)


@pytest.mark.parametrize(("length", "dt"), [(5000, "f16"), (8192, "bf16"), (77, "f16")])
def test_decode_attention(gpu: Any, length: int, dt: str) -> None:
    q, qt = make(gpu, (32, 128), dt, 19)
    kc, kt = make(gpu, (8, 8192, 128), dt, 20)
    vc, vt = make(gpu, (8, 8192, 128), dt, 21)
    out = tr.empty((32, 128), dtype=DT[dt])
    tk.decode_attention(out, q, kc, vc, length).sync()
    kr = kt[:, :length].repeat_interleave(4, dim=0)
    vr = vt[:, :length].repeat_interleave(4, dim=0)
    p = gpu.softmax(gpu.einsum("hd,hsd->hs", qt, kr) / math.sqrt(128), dim=-1)
    check(gpu, out, gpu.einsum("hs,hsd->hd", p, vr), dt)


def test_embedding(gpu: Any) -> None:
    table, tt = make(gpu, (32000, 4096), "f16", 22)
    ids = np.random.default_rng(23).integers(0, 32000, 1024)
    out = tr.empty((1024, 4096), dtype=tr.f16)
    tk.embedding(out, table, tr.from_numpy(ids.astype(np.int32))).sync()
    check(gpu, out, tt[gpu.from_numpy(ids).cuda()], "f16", 0.0)


@pytest.mark.parametrize("dt", ["f32", "bf16"])
def test_argmax(gpu: Any, dt: str) -> None:
    x, _ = make(gpu, (64, 32000), dt, 24)
    out = tr.empty((64,), dtype=tr.i64)
    tk.argmax(out, x).sync()
    expect = np.argmax(x.to_numpy().astype(np.float32), axis=1)  # numpy: the first maximum
    np.testing.assert_array_equal(out.to_numpy(), expect)


def test_dropout_matches_the_interpreter(gpu: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    xs = np.random.default_rng(25).standard_normal(1 << 20).astype(np.float16)
    out = tr.empty((1 << 20,), dtype=tr.f16)
    tk.dropout(out, tr.from_numpy(xs), 0.25, 42).sync()
    got = out.to_numpy()
    assert abs((got != 0).mean() - 0.75) < 0.005
    monkeypatch.setenv("TILERT_BACKEND", "interpret")
    backends.current.cache_clear()
    ref = tr.empty((1 << 20,), dtype=tr.f16)
    tk.dropout(ref, tr.from_numpy(xs), 0.25, 42).sync()
    expect = ref.to_numpy()
    np.testing.assert_array_equal(got != 0, expect != 0)  # Philox: the same mask on both
    np.testing.assert_allclose(got.astype(np.float32), expect.astype(np.float32), rtol=1e-3)
