"""Kernels as a new user writes them from the README (layernorm, rmsnorm in bf16, RoPE, a
SwiGLU gate, GEMV, row argmax, transpose, a batched matmul, a small attention, dropout with a
hash), each with its launch and a numpy reference: the interpreter runs them on the CPU and the
GPU tests run them on both backends (what the interpreter accepts must run the same on the
GPU)."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, bf16, f32, i32

EPS = 1e-5


def _pow2(n: int) -> int:
    return 1 << (n - 1).bit_length()


@tr.kernel
def layernorm(
    out: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], w: Shared[Tensor[f32]], n: int
) -> None:
    i = out.index[0]
    cols = out.tile_shape[1]
    row = x.load_tile((1, cols), (i, 0))
    valid = tl.expand_dims(tl.arange(cols, dtype=tl.i32), 0) < n
    mean = tl.sum(row, axis=1, keepdims=True) / n
    centered = tl.where(valid, row - mean, 0.0)
    var = tl.sum(centered * centered, axis=1, keepdims=True) / n
    weight = tl.reshape(w.load_tile((cols,), (0,)), (1, cols))
    out.store(centered * tl.rsqrt(var + EPS) * weight)


@tr.kernel
def rmsnorm_bf16(
    out: Mutable[Tensor[bf16]], x: Shared[Tensor[bf16]], w: Shared[Tensor[bf16]], n: int
) -> None:
    i = out.index[0]
    cols = out.tile_shape[1]
    row = tl.astype(x.load_tile((1, cols), (i, 0)), tl.f32)
    ms = tl.sum(row * row, axis=1, keepdims=True) / n
    weight = tl.astype(tl.reshape(w.load_tile((cols,), (0,)), (1, cols)), tl.f32)
    out.store(row * tl.rsqrt(ms + EPS) * weight)


@tr.kernel
def rope(
    out: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], pos: Shared[Tensor[f32]], log_theta: float
) -> None:
    s, h, _ = out.index
    half = out.tile_shape[2] // 2
    x1 = x.load_tile((1, 1, half), (s, h, 0))
    x2 = x.load_tile((1, 1, half), (s, h, 1))
    p = tl.reshape(pos.load_tile((1,), (s,)), (1, 1, 1))
    j = tl.astype(tl.arange(half, dtype=tl.i32), tl.f32)
    inv = tl.exp(j * (-2.0 * log_theta / (2 * half)))
    angle = p * tl.reshape(inv, (1, 1, half))
    c, sn = tl.cos(angle), tl.sin(angle)
    out.store(tl.cat([x1 * c - x2 * sn, x2 * c + x1 * sn], axis=2))


@tr.kernel
def swiglu(out: Mutable[Tensor[f32]], gate_up: Shared[Tensor[f32]]) -> None:
    i, j = out.index
    bm, bn = out.tile_shape
    n_tiles = tl.cdiv(out.shape[1], bn)
    g = gate_up.load_tile((bm, bn), (i, j))
    u = gate_up.load_tile((bm, bn), (i, j + n_tiles))
    out.store(g / (1.0 + tl.exp(-g)) * u)


@tr.kernel
def gemv(
    out: Mutable[Tensor[f32]], w: Shared[Tensor[f32]], x: Shared[Tensor[f32]], bk: Const[int]
) -> None:
    i = out.index[0]
    bn = out.tile_shape[0]
    acc = tl.zeros((bn, 1), tl.f32)
    for k in range(tl.cdiv(w.shape[1], bk)):
        a = w.load_tile((bn, bk), (i, k))
        v = tl.reshape(x.load_tile((bk,), (k,)), (1, bk))
        acc = acc + tl.sum(a * v, axis=1, keepdims=True)
    out.store(tl.reshape(acc, (bn,)))


@tr.kernel
def row_argmax(out: Mutable[Tensor[i32]], x: Shared[Tensor[f32]], bc: Const[int]) -> None:
    i = out.index[0]
    row = x.load_tile((1, bc), (i, 0))
    cols = tl.expand_dims(tl.arange(bc, dtype=tl.i32), 0)
    row = tl.where(cols < x.shape[1], row, float("-inf"))
    best = tl.max(row, axis=1, keepdims=True)
    first = tl.min(tl.where(row == best, cols, bc), axis=1)
    out.store(first)


@tr.kernel
def transpose(out: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    i, j = out.index
    bm, bn = out.tile_shape
    out.store(tl.transpose(x.load_tile((bn, bm), (j, i))))


@tr.kernel
def bmm(
    c: Mutable[Tensor[f32]], a: Shared[Tensor[f32]], b: Shared[Tensor[f32]], bk: Const[int]
) -> None:
    z, i, j = c.index
    _, bm, bn = c.tile_shape
    acc = tl.zeros((bm, bn), tl.f32)
    for k in range(tl.cdiv(a.shape[2], bk)):
        ta = tl.reshape(a.load_tile((1, bm, bk), (z, i, k)), (bm, bk))
        tb = tl.reshape(b.load_tile((1, bk, bn), (z, k, j)), (bk, bn))
        acc = tl.mma(ta, tb, acc)
    c.store(tl.reshape(acc, (1, bm, bn)))


@tr.kernel
def attention(
    out: Mutable[Tensor[f32]],
    q: Shared[Tensor[f32]],
    k: Shared[Tensor[f32]],
    v: Shared[Tensor[f32]],
    bn: Const[int],
    scale: float,
) -> None:
    """One block per (head, query tile): online softmax over key tiles (flash attention)."""
    h, i, _ = out.index
    _, bm, d = out.tile_shape
    qt = tl.reshape(q.load_tile((1, bm, d), (h, i, 0)), (bm, d))
    m = tl.full((bm, 1), float("-inf"), tl.f32)
    denom = tl.zeros((bm, 1), tl.f32)
    acc = tl.zeros((bm, d), tl.f32)
    for j in range(tl.cdiv(k.shape[1], bn)):
        kt = tl.reshape(k.load_tile((1, bn, d), (h, j, 0)), (bn, d))
        vt = tl.reshape(v.load_tile((1, bn, d), (h, j, 0)), (bn, d))
        s = tl.matmul(qt, tl.transpose(kt)) * scale
        m_new = tl.maximum(m, tl.max(s, axis=1, keepdims=True))
        p = tl.exp(s - m_new)
        alpha = tl.exp(m - m_new)
        denom = denom * alpha + tl.sum(p, axis=1, keepdims=True)
        acc = acc * alpha + tl.matmul(p, vt)
        m = m_new
    out.store(tl.reshape(acc / denom, (1, bm, d)))


@tr.kernel
def dropout(out: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], seed: int, keep: float) -> None:
    i = out.index[0]
    n = out.tile_shape[0]
    offsets = tl.astype(tl.arange(n, dtype=tl.i32) + i * n, tl.i64)
    h = (offsets + seed) * 2654435761
    h = (h ^ (h // 65536)) * 2246822519
    h = h - (h // 4294967296) * 4294967296
    u = tl.astype(h, tl.f32) / 4294967296.0
    t = tl.load_tile_like(x, out)
    out.store(tl.where(u < keep, t / keep, 0.0))


# -- launches and references ---------------------------------------------------------------------
@dataclass(frozen=True)
class Case:
    """One kernel's launch on fresh tensors (returns the outputs) and the numpy reference."""

    name: str
    run: Callable[[], list[np.ndarray[Any, Any]]]
    reference: Callable[[], list[np.ndarray[Any, Any]]] | None
    tolerance: float


_rng = np.random.default_rng(7)
X = _rng.standard_normal((6, 100)).astype(np.float32)
W = _rng.standard_normal(100).astype(np.float32)


def _layernorm() -> list[np.ndarray[Any, Any]]:
    out = tr.empty(X.shape, dtype=f32)
    layernorm(out.partition((1, 128)), tr.from_numpy(X), tr.from_numpy(W), X.shape[1]).sync()
    return [out.to_numpy()]


def _layernorm_ref() -> list[np.ndarray[Any, Any]]:
    c = X - X.mean(axis=1, keepdims=True)
    return [c / np.sqrt((c * c).mean(axis=1, keepdims=True) + EPS) * W]


def _rmsnorm() -> list[np.ndarray[Any, Any]]:
    x, w = X.astype(bf16.np_dtype), W.astype(bf16.np_dtype)
    out = tr.empty(X.shape, dtype=bf16)
    rmsnorm_bf16(out.partition((1, 128)), tr.from_numpy(x), tr.from_numpy(w), X.shape[1]).sync()
    return [out.to_numpy().astype(np.float32)]


def _rmsnorm_ref() -> list[np.ndarray[Any, Any]]:
    x = X.astype(bf16.np_dtype).astype(np.float32)
    w = W.astype(bf16.np_dtype).astype(np.float32)
    return [x / np.sqrt((x * x).mean(axis=1, keepdims=True) + EPS) * w]


SEQ, HEADS, DIM = 5, 3, 16
XR = _rng.standard_normal((SEQ, HEADS, DIM)).astype(np.float32)
POS = np.arange(3, 3 + SEQ, dtype=np.float32)


def _rope() -> list[np.ndarray[Any, Any]]:
    out = tr.empty(XR.shape, dtype=f32)
    theta = math.log(10000.0)
    rope(out.partition((1, 1, DIM)), tr.from_numpy(XR), tr.from_numpy(POS), theta).sync()
    return [out.to_numpy()]


def _rope_ref() -> list[np.ndarray[Any, Any]]:
    half = DIM // 2
    inv = 10000.0 ** (-2.0 * np.arange(half) / DIM)
    ang = POS[:, None, None] * inv[None, None, :]
    x1, x2 = XR[..., :half], XR[..., half:]
    c, s = np.cos(ang), np.sin(ang)
    return [np.concatenate([x1 * c - x2 * s, x2 * c + x1 * s], axis=-1)]


GU = _rng.standard_normal((8, 64)).astype(np.float32)


def _swiglu() -> list[np.ndarray[Any, Any]]:
    out = tr.empty((8, 32), dtype=f32)
    swiglu(out.partition((8, 16)), tr.from_numpy(GU)).sync()
    return [out.to_numpy()]


def _swiglu_ref() -> list[np.ndarray[Any, Any]]:
    g, u = GU[:, :32], GU[:, 32:]
    return [g / (1.0 + np.exp(-g)) * u]


WM = _rng.standard_normal((40, 200)).astype(np.float32)
XV = _rng.standard_normal(200).astype(np.float32)


def _gemv() -> list[np.ndarray[Any, Any]]:
    out = tr.empty((40,), dtype=f32)
    gemv(out.partition((16,)), tr.from_numpy(WM), tr.from_numpy(XV), 64).sync()
    return [out.to_numpy()]


def _argmax() -> list[np.ndarray[Any, Any]]:
    x = X.copy()
    x[2, 7] = x[2, 9] = 50.0  # a tie: the first index wins
    out = tr.empty((6,), dtype=i32)
    row_argmax(out.partition((1,)), tr.from_numpy(x), 128).sync()
    return [out.to_numpy(), np.argmax(x, axis=1).astype(np.int32)]


XT = _rng.standard_normal((48, 80)).astype(np.float32)


def _transpose() -> list[np.ndarray[Any, Any]]:
    out = tr.empty((80, 48), dtype=f32)
    transpose(out.partition((16, 16)), tr.from_numpy(XT)).sync()
    return [out.to_numpy()]


A3 = _rng.standard_normal((3, 40, 70)).astype(np.float32)
B3 = _rng.standard_normal((3, 70, 24)).astype(np.float32)


def _bmm() -> list[np.ndarray[Any, Any]]:
    c = tr.empty((3, 40, 24), dtype=f32)
    bmm(c.partition((1, 16, 16)), tr.from_numpy(A3), tr.from_numpy(B3), 32).sync()
    return [c.to_numpy()]


QH, QS, QD = 2, 48, 16
QKV = [_rng.standard_normal((QH, QS, QD)).astype(np.float32) for _ in range(3)]


def _attention() -> list[np.ndarray[Any, Any]]:
    out = tr.empty((QH, QS, QD), dtype=f32)
    q, k, v = (tr.from_numpy(a) for a in QKV)
    attention(out.partition((1, 16, QD)), q, k, v, 16, 1.0 / math.sqrt(QD)).sync()
    return [out.to_numpy()]


def _attention_ref() -> list[np.ndarray[Any, Any]]:
    q, k, v = QKV
    s = q @ k.transpose(0, 2, 1) / math.sqrt(QD)
    p = np.exp(s - s.max(axis=-1, keepdims=True))
    return [(p / p.sum(axis=-1, keepdims=True)) @ v]


XD = np.ones(1000, dtype=np.float32)


def _dropout() -> list[np.ndarray[Any, Any]]:
    out = tr.empty((1000,), dtype=f32)
    dropout(out.partition((256,)), tr.from_numpy(XD), 1234, 0.75).sync()
    kept = out.to_numpy()
    assert set(np.unique(kept)) <= {0.0, np.float32(1.0 / 0.75)}
    return [kept]


CASES = [
    Case("layernorm", _layernorm, _layernorm_ref, 1e-4),
    Case("rmsnorm_bf16", _rmsnorm, _rmsnorm_ref, 2e-2),
    Case("rope", _rope, _rope_ref, 1e-4),
    Case("swiglu", _swiglu, _swiglu_ref, 1e-5),
    Case("gemv", _gemv, lambda: [WM @ XV], 1e-4),
    Case("row_argmax", _argmax, None, 0),
    Case("transpose", _transpose, lambda: [XT.T], 0),
    Case("bmm", _bmm, lambda: [A3 @ B3], 1e-3),
    Case("attention", _attention, _attention_ref, 1e-4),
    Case("dropout", _dropout, None, 0),
]
