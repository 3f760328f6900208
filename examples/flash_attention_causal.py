"""Causal flash attention: query ``i`` attends to keys ``j <= i`` only, as a decoder's
self-attention does. The kernel is examples/flash_attention.py's with two changes: scores of
keys after their query are masked to -inf, and each query tile stops walking keys at its own
last row, so the tiles above the diagonal are never loaded (about half the work).

The library's tuned version is ``tk.attention(out, q, k, v, causal=True)`` (``import
tilert.kernels as tk``, docs/kernels.md), where ``causal`` is a ``Const[bool]`` parameter: one
kernel source, compiled once per value."""

from __future__ import annotations

import math

import numpy as np
import numpy.typing as npt

import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f16

LOG2E = 1.4426950408889634


@tr.kernel
def causal_attention(
    out: Mutable[Tensor[f16]],
    q: Shared[Tensor[f16]],
    k: Shared[Tensor[f16]],
    v: Shared[Tensor[f16]],
    qk_scale: float,
    bn: Const[int],
) -> None:
    """``q, k, v, out: [batch * heads, seq, head_dim]``; one block per (head, query tile)."""
    h, i, _ = out.index
    _, bm, d = out.tile_shape
    qt = tl.reshape(q.load_tile((1, bm, d), (h, i, 0)), (bm, d))
    rows = tl.expand_dims(tl.arange(bm, dtype=tl.i32) + i * bm, 1)  # the queries' positions
    cols = tl.expand_dims(tl.arange(bn, dtype=tl.i32), 0)
    m = tl.full((bm, 1), float("-inf"), tl.f32)
    l_sum = tl.zeros((bm, 1), tl.f32)
    acc = tl.zeros((bm, d), tl.f32)
    last = tl.minimum(tl.cdiv(k.shape[1], bn), tl.cdiv((i + 1) * bm, bn))  # up to the diagonal
    for j in range(last):
        kt = tl.reshape(k.load_tile((1, bn, d), (h, j, 0)), (bn, d))
        vt = tl.reshape(v.load_tile((1, bn, d), (h, j, 0)), (bn, d))
        s = tl.mma(qt, tl.transpose(kt), tl.zeros((bm, bn), tl.f32)) * qk_scale
        keys = cols + j * bn
        s = tl.where((keys <= rows) & (keys < k.shape[1]), s, float("-inf"))
        m_new = tl.maximum(m, tl.max(s, axis=1, keepdims=True))
        p = tl.exp2(s - m_new)
        alpha = tl.exp2(m - m_new)
        l_sum = l_sum * alpha + tl.sum(p, axis=1, keepdims=True)
        acc = tl.mma(tl.astype(p, tl.f16), vt, acc * alpha)
        m = m_new
    out.store(tl.reshape(acc / l_sum, (1, bm, d)))


def causal_reference(
    q: npt.NDArray[np.float16], k: npt.NDArray[np.float16], v: npt.NDArray[np.float16]
) -> npt.NDArray[np.float64]:
    s = q.astype(np.float64) @ k.astype(np.float64).transpose(0, 2, 1) / math.sqrt(q.shape[-1])
    seq = q.shape[1]
    s = np.where(np.tri(seq, dtype=bool), s, -np.inf)  # key j <= query i
    p = np.exp(s - s.max(axis=-1, keepdims=True))
    out: npt.NDArray[np.float64] = (p / p.sum(axis=-1, keepdims=True)) @ v.astype(np.float64)
    return out


def main() -> None:
    gpu = tr.Device().kind == "cuda"
    heads, seq, d = (16, 1024, 128) if gpu else (4, 200, 64)  # batch * heads; 200: a ragged end
    bm, bn = (128, 64) if gpu else (64, 32)
    rng = np.random.default_rng(9)
    q, k, v = (rng.standard_normal((heads, seq, d)).astype(np.float16) for _ in range(3))
    out = tr.empty((heads, seq, d), dtype=f16)
    qk_scale = LOG2E / math.sqrt(d)
    q_t, k_t, v_t = tr.from_numpy(q), tr.from_numpy(k), tr.from_numpy(v)
    causal_attention(out.partition((1, bm, d)), q_t, k_t, v_t, qk_scale, bn).sync()
    error = float(np.max(np.abs(out.to_numpy() - causal_reference(q, k, v))))
    tol = 1e-2  # f16 probabilities into the second mma, an f16 output
    ok = error <= tol
    print(
        f"flash_attention_causal: {heads} heads, seq {seq}, head_dim {d}, f16, query tiles of "
        f"{bm}, key tiles of {bn} (those past the diagonal skipped): max error {error:.1e} "
        f"against numpy (tolerance {tol:.0e}): {'ok' if ok else 'MISMATCH'}"
    )
    if not ok:
        raise AssertionError(f"flash_attention_causal: max error {error:.1e} > {tol:.0e}")


if __name__ == "__main__":
    main()
