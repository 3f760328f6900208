"""Flash attention, ``out = softmax(q @ k.T * scale) @ v`` per head, written as a kernel: each
block owns one tile of queries and walks the keys a tile at a time, never holding the whole
score matrix. It keeps the online softmax in f32: the running row max ``m``, the running
denominator ``l`` and the accumulator, rescaled by ``exp(m_old - m_new)`` whenever the max
grows. Scores are taken in base 2 (``exp2`` of ``s * scale * log2(e)``: the same numbers, and
``exp2`` is the GPU's native instruction). Keys past the end of the sequence are masked.

The library's tuned version, with grouped-query heads, causal masking and any head_dim, is
``tk.attention(out, q, k, v, causal=False, scale=None)`` on ``[batch, heads, seq, head_dim]``
(``import tilert.kernels as tk``, docs/kernels.md). The causal variant of this kernel is
examples/flash_attention_causal.py."""

from __future__ import annotations

import math

import numpy as np
import numpy.typing as npt

import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f16

LOG2E = 1.4426950408889634


@tr.kernel
def flash_attention(
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
    cols = tl.expand_dims(tl.arange(bn, dtype=tl.i32), 0)
    m = tl.full((bm, 1), float("-inf"), tl.f32)
    l_sum = tl.zeros((bm, 1), tl.f32)
    acc = tl.zeros((bm, d), tl.f32)
    for j in range(tl.cdiv(k.shape[1], bn)):
        kt = tl.reshape(k.load_tile((1, bn, d), (h, j, 0)), (bn, d))
        vt = tl.reshape(v.load_tile((1, bn, d), (h, j, 0)), (bn, d))
        s = tl.mma(qt, tl.transpose(kt), tl.zeros((bm, bn), tl.f32)) * qk_scale
        s = tl.where(cols + j * bn < k.shape[1], s, float("-inf"))  # keys past the end
        m_new = tl.maximum(m, tl.max(s, axis=1, keepdims=True))
        p = tl.exp2(s - m_new)
        alpha = tl.exp2(m - m_new)  # how much the old max overstated the new one
        l_sum = l_sum * alpha + tl.sum(p, axis=1, keepdims=True)
        acc = tl.mma(tl.astype(p, tl.f16), vt, acc * alpha)
        m = m_new
    out.store(tl.reshape(acc / l_sum, (1, bm, d)))


def attention_reference(
    q: npt.NDArray[np.float16], k: npt.NDArray[np.float16], v: npt.NDArray[np.float16]
) -> npt.NDArray[np.float64]:
    s = q.astype(np.float64) @ k.astype(np.float64).transpose(0, 2, 1) / math.sqrt(q.shape[-1])
    p = np.exp(s - s.max(axis=-1, keepdims=True))
    out: npt.NDArray[np.float64] = (p / p.sum(axis=-1, keepdims=True)) @ v.astype(np.float64)
    return out


def main() -> None:
    gpu = tr.Device().kind == "cuda"
    heads, seq, d = (16, 1024, 128) if gpu else (4, 200, 64)  # batch * heads; 200: a ragged end
    bm, bn = (128, 64) if gpu else (64, 32)
    rng = np.random.default_rng(8)
    q, k, v = (rng.standard_normal((heads, seq, d)).astype(np.float16) for _ in range(3))
    out = tr.empty((heads, seq, d), dtype=f16)
    qk_scale = LOG2E / math.sqrt(d)
    q_t, k_t, v_t = tr.from_numpy(q), tr.from_numpy(k), tr.from_numpy(v)
    flash_attention(out.partition((1, bm, d)), q_t, k_t, v_t, qk_scale, bn).sync()
    error = float(np.max(np.abs(out.to_numpy() - attention_reference(q, k, v))))
    tol = 1e-2  # f16 probabilities into the second mma, an f16 output
    ok = error <= tol
    print(
        f"flash_attention: {heads} heads, seq {seq}, head_dim {d}, f16, query tiles of {bm}, "
        f"key tiles of {bn}: max error {error:.1e} against numpy (tolerance {tol:.0e}): "
        f"{'ok' if ok else 'MISMATCH'}"
    )
    if not ok:
        raise AssertionError(f"flash_attention: max error {error:.1e} > {tol:.0e}")


if __name__ == "__main__":
    main()
