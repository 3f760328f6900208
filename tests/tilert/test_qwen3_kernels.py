"""The kernels tilert.kernels gained for the Qwen3 engine, on the interpreter against numpy in
f64 (f32 and bf16): the fused q/k norm + RoPE + cache append (for one token at a device
position, and for a prompt's rows), decode attention whose length is read on the device, the
GEMVs with the norm, the SwiGLU gate or the residual add folded in, ``linear``, and the
engine's greedy LM head (tilert/models/qwen3/kernels.py). Sizes are not powers of two where
the kernels allow it (groups of 3 query heads, edge tiles), and a graph captured once is
replayed at advancing positions.

Tolerance as tests/support/kernel_checks.py (attention's looser, as test_kernels_attention.py)."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pytest

import tilert as tr
import tilert.kernels as tk
from tests.support.kernel_checks import check as check_within
from tests.support.kernel_checks import tensor
from tilert import Mutable, Tensor, i32
from tilert.models.qwen3.kernels import head, partials, pick

pytestmark = pytest.mark.usefixtures("interpreter")

DTYPES = [tr.f32, tr.bf16]
TOL = {tr.f32: 2e-5, tr.bf16: 2.4e-2}
RNG = np.random.default_rng(20)
Array = np.ndarray[Any, Any]


def check(got: tr.Tensor[Any], ref: Array, dt: type[tr.DType]) -> None:
    check_within(got, ref, dt, TOL)


def rmsnorm(x: Array, w: Array, eps: float = 1e-6) -> Array:
    return x / np.sqrt((x * x).mean(-1, keepdims=True) + eps) * w


def rope(x: Array, positions: Array, theta: float = 1e6) -> Array:
    """The "rotate half" of ``x: [..., heads, d]`` at ``positions`` (one per leading row)."""
    half = x.shape[-1] // 2
    angle = np.reshape(positions, (-1, 1, 1)) * theta ** (-np.arange(half) * 2 / x.shape[-1])
    x1, x2 = x[..., :half], x[..., half:]
    c, s = np.cos(angle), np.sin(angle)
    return np.concatenate([x1 * c - x2 * s, x2 * c + x1 * s], axis=-1)


@tr.kernel
def advance(position: Mutable[Tensor[i32]]) -> None:
    position.store(position.load() + 1)


def position(p: int) -> tr.Tensor[Any]:
    return tr.from_numpy(np.array([p], dtype=np.int32))


# -- q/k norm + RoPE + the cache --------------------------------------------------------------
@pytest.mark.parametrize(
    ("dt", "heads", "kv_heads", "p"), [(tr.f32, 6, 2, 0), (tr.bf16, 8, 2, 19), (tr.f32, 4, 4, 9)]
)
def test_qk_norm_rope_cache(dt: type[tr.DType], heads: int, kv_heads: int, p: int) -> None:
    d, max_seq = 16, 20
    qkv, x = tensor(RNG.standard_normal((heads + 2 * kv_heads) * d), dt)
    (qw, qwr), (kw, kwr) = (tensor(1 + 0.3 * RNG.standard_normal(d), dt) for _ in range(2))
    q = tr.zeros((heads, d), dtype=dt)
    cache = tr.zeros((2, kv_heads, max_seq, d), dtype=dt)
    op = tk.qk_norm_rope_cache(q, cache[0], cache[1], qkv, qw, kw, position(p))
    op.sync()
    x = x.reshape(-1, d)
    check(q, rope(rmsnorm(x[:heads], qwr), p)[0], dt)
    want = np.zeros((2, kv_heads, max_seq, d))
    want[0, :, p] = rope(rmsnorm(x[heads : heads + kv_heads], kwr), p)[0]
    want[1, :, p] = x[heads + kv_heads :]
    check(cache, want, dt)  # and no other row


@pytest.mark.parametrize("dt", DTYPES, ids=lambda d: d.name)
def test_qk_norm_rope_prompt_rows(dt: type[tr.DType]) -> None:
    rows, heads, kv_heads, d, start = 5, 6, 2, 32, 3
    qkv, x = tensor(RNG.standard_normal((rows, (heads + 2 * kv_heads) * d)), dt)
    (qw, qwr), (kw, kwr) = (tensor(1 + 0.3 * RNG.standard_normal(d), dt) for _ in range(2))
    positions = tr.from_numpy(np.arange(start, start + rows, dtype=np.int64))
    q = tr.empty((rows, heads, d), dtype=dt)
    cache = tr.zeros((2, kv_heads, 8, d), dtype=dt)
    k_rows, v_rows = (cache[i][:, :rows].permute(1, 0, 2) for i in range(2))
    tk.qk_norm_rope(q, k_rows, v_rows, qkv, qw, kw, positions).sync()
    x = x.reshape(rows, -1, d)
    at = np.arange(start, start + rows)
    check(q, rope(rmsnorm(x[:, :heads], qwr), at), dt)
    check(k_rows, rope(rmsnorm(x[:, heads : heads + kv_heads], kwr), at), dt)
    check(v_rows, x[:, heads + kv_heads :], dt)


def test_qk_norm_rope_refusals() -> None:
    q, qkv = tr.zeros((4, 12)), tr.zeros((8 * 12,))
    cache, w = tr.zeros((2, 2, 8, 12)), tr.ones((12,))
    with pytest.raises(ValueError, match="head_dim must be a power of two"):
        tk.qk_norm_rope_cache(q, cache[0], cache[1], qkv, w, w, position(0))
    q, qkv, w = tr.zeros((4, 16)), tr.zeros((100,)), tr.ones((16,))
    cache = tr.zeros((2, 2, 8, 16))
    with pytest.raises(ValueError, match=r"qk_norm_rope_cache qkv: expected shape \(128,\)"):
        tk.qk_norm_rope_cache(q, cache[0], cache[1], qkv, w, w, position(0))
    with pytest.raises(TypeError, match="i32 or i64"):
        tk.qk_norm_rope_cache(q, cache[0], cache[1], tr.zeros((128,)), w, w, tr.zeros((1,)))


# -- decode attention at a device position ------------------------------------------------------
def attend(q: Array, k: Array, v: Array, length: int) -> Array:
    group = q.shape[0] // k.shape[0]
    k, v = np.repeat(k[:, :length], group, 0), np.repeat(v[:, :length], group, 0)
    s = np.einsum("hd,hkd->hk", q, k) / math.sqrt(q.shape[1])
    p = np.exp(s - s.max(-1, keepdims=True))
    return np.einsum("hk,hkd->hd", p / p.sum(-1, keepdims=True), v)


@pytest.mark.parametrize("dt", DTYPES, ids=lambda d: d.name)
def test_decode_attention_at(dt: type[tr.DType]) -> None:
    """One KV head and the cache's three key tiles dealt to up to three splits: short lengths
    leave splits empty (weighed 0); lengths on both sides of a tile's end."""
    heads, kv_heads, d, max_seq = 3, 1, 16, 130
    q, qr = tensor(RNG.standard_normal((heads, d)), dt)
    k, kr = tensor(RNG.standard_normal((kv_heads, max_seq, d)), dt)
    v, vr = tensor(RNG.standard_normal((kv_heads, max_seq, d)), dt)
    workspace = tk.decode_workspace_at(q, k)
    for length in (1, 64, 65, max_seq):
        out = tr.empty((heads, d), dtype=dt)
        tk.decode_attention_at(out, q, k, v, position(length - 1), workspace=workspace).sync()
        check_within(out, attend(qr, kr, vr, length), dt, {tr.f32: 2e-5, tr.bf16: 2.4e-2})


def test_graph_replays_at_advancing_positions() -> None:
    """The engine's mechanism: ops captured once read the position from a device tensor that
    the last op advances, so each replay appends the next cache row and attends one row
    further, with the arguments the capture recorded."""
    heads, kv_heads, d, max_seq, start = 4, 2, 16, 12, 3
    qkv_values = RNG.standard_normal((heads + 2 * kv_heads) * d)
    qkv, x = tensor(qkv_values, tr.f32)
    w = tr.ones((d,))
    q, out = tr.empty((heads, d)), tr.empty((heads, d))
    cache = tr.zeros((2, kv_heads, max_seq, d))
    pos = position(start)
    workspace = tk.decode_workspace_at(q, cache[0])
    with tr.graph() as g:
        g.record(tk.qk_norm_rope_cache(q, cache[0], cache[1], qkv, w, w, pos))
        g.record(tk.decode_attention_at(out, q, cache[0], cache[1], pos, workspace=workspace))
        g.record(advance(pos.partition((1,))))
    for _ in range(3):
        g.launch().wait()
    g.close()
    x = x.reshape(-1, d)
    ks = np.zeros((kv_heads, max_seq, d))
    vs = np.zeros((kv_heads, max_seq, d))
    for p in range(start, start + 3):
        ks[:, p] = rope(rmsnorm(x[heads : heads + kv_heads], 1.0), p)[0]
        vs[:, p] = x[heads + kv_heads :]
    check(cache, np.stack([ks, vs]), tr.f32)
    assert pos.to_numpy()[0] == start + 3
    q_last = rope(rmsnorm(x[:heads], 1.0), start + 2)[0]
    check(out, attend(q_last, ks, vs, start + 3), tr.f32)


# -- fused GEMVs and linear ----------------------------------------------------------------------
@pytest.mark.parametrize(("dt", "n", "k"), [(tr.f32, 40, 72), (tr.bf16, 300, 1000)])
def test_fused_gemvs(dt: type[tr.DType], n: int, k: int) -> None:
    w, wr = tensor(RNG.standard_normal((2, n, k)) / math.sqrt(k), dt)
    x, xr = tensor(RNG.standard_normal(k), dt)
    nw, nwr = tensor(1 + 0.3 * RNG.standard_normal(k), dt)
    res, rr = tensor(RNG.standard_normal(n), dt)
    h = rmsnorm(xr, nwr)
    out = tr.empty((n,), dtype=dt)
    tk.gemv_rmsnorm(out, w[0], x, nw).sync()
    check(out, wr[0] @ h, dt)
    tk.gemv_rmsnorm_silu(out, w, x, nw).sync()
    gate, up = wr[0] @ h, wr[1] @ h
    check(out, gate / (1 + np.exp(-gate)) * up, dt)
    tk.gemv_residual(out, w[1], x, res).sync()
    check(out, rr + wr[1] @ xr, dt)


@pytest.mark.parametrize("dt", DTYPES, ids=lambda d: d.name)
def test_linear(dt: type[tr.DType]) -> None:
    x, xr = tensor(RNG.standard_normal((37, 80)), dt)
    w, wr = tensor(RNG.standard_normal((150, 80)) / math.sqrt(80), dt)
    out = tr.empty((37, 150), dtype=dt)
    tk.linear(out, x, w).sync()
    check(out, xr @ wr.T, dt)


def test_fused_gemv_refusals() -> None:
    w, x = tr.zeros((3, 8, 16)), tr.zeros((16,))
    with pytest.raises(ValueError, match=r"w must be \[2, N, K\]"):
        tk.gemv_rmsnorm_silu(tr.zeros((8,)), w, x, x)
    with pytest.raises(ValueError, match=r"gemv_residual residual: expected shape \(8,\)"):
        tk.gemv_residual(tr.zeros((8,)), w[0], x, tr.zeros((9,)))
    with pytest.raises(ValueError, match=r"linear: x is 4x16 but w is 8x12"):
        tk.linear(tr.zeros((4, 8)), tr.zeros((4, 16)), tr.zeros((8, 12)))


def test_greedy_head_and_pick() -> None:
    """The LM head's blocks each keep their largest logit and its index; ``pick`` takes the
    first of the largest (a tie across blocks goes to the lower index, as ``argmax``'s) and
    advances the position. 150 rows: the last block is partial."""
    vocab, hidden = 150, 64
    values = RNG.uniform(-1.0, 1.0, vocab)
    values[[40, 100]] = 5.0
    w = np.zeros((vocab, hidden))
    w[:, 0] = values  # with x = ones, rmsnorm(x) = ones: the logits are the values
    logits = tr.empty((vocab,))
    best, where = partials(vocab)
    ones = tr.ones((hidden,))
    head(logits, best, where, tr.from_numpy(w.astype(np.float32)), ones, ones, 0.0).sync()
    check(logits, values, tr.f32)
    token, pos = tr.zeros((1,), dtype=tr.i32), position(7)
    pick(token, pos, best, where).sync()
    assert token.to_numpy()[0] == 40 and pos.to_numpy()[0] == 8
