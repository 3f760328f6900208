"""Causal flash attention with grouped-query heads (8 query heads, 2 KV heads), bf16, q/k/v as
[heads, seq, d]; the online softmax in natural exp, the scale applied to the scores, the loop
stopping at the diagonal, seq = 77 (ragged)."""
import math

import ml_dtypes
import numpy as np

import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, bf16


@tr.kernel
def attn_fwd(
    o: Mutable[Tensor[bf16]],
    q: Shared[Tensor[bf16]],
    k: Shared[Tensor[bf16]],
    v: Shared[Tensor[bf16]],
    sm_scale: float,
    group: Const[int],
    BLOCK_N: Const[int],
) -> None:
    h, start_m, _ = o.index
    _, BLOCK_M, D = o.tile_shape
    kvh = h // group
    q_tile = q.load_tile((1, BLOCK_M, D), (h, start_m, 0)).reshape((BLOCK_M, D))
    offs_m = start_m * BLOCK_M + tl.arange(BLOCK_M)
    offs_n = tl.arange(BLOCK_N)
    m_i = tl.full((BLOCK_M,), -float("inf"), tl.f32)
    l_i = tl.zeros((BLOCK_M,), tl.f32)
    acc = tl.zeros((BLOCK_M, D), tl.f32)
    seq_k = k.shape[1]
    hi = tl.minimum((start_m + 1) * BLOCK_M, seq_k)
    for start_n in range(tl.cdiv(hi, BLOCK_N)):
        k_tile = k.load_tile((1, BLOCK_N, D), (kvh, start_n, 0)).reshape((BLOCK_N, D))
        v_tile = v.load_tile((1, BLOCK_N, D), (kvh, start_n, 0)).reshape((BLOCK_N, D))
        qk = tl.mma(q_tile, k_tile.transpose(), tl.zeros((BLOCK_M, BLOCK_N), tl.f32))
        qk = qk * sm_scale
        kpos = start_n * BLOCK_N + offs_n
        ok = (offs_m[:, None] >= kpos[None, :]) & (kpos[None, :] < seq_k)
        qk = tl.where(ok, qk, float("-inf"))
        m_ij = tl.maximum(m_i, tl.max(qk, axis=1))
        p = tl.exp(qk - m_ij[:, None])
        alpha = tl.exp(m_i - m_ij)
        l_i = l_i * alpha + tl.sum(p, axis=1)
        acc = acc * alpha[:, None]
        acc = tl.mma(p.astype(tl.bf16), v_tile, acc)
        m_i = m_ij
    acc = acc / l_i[:, None]
    o.store(acc.reshape((1, BLOCK_M, D)))


def main():
    rng = np.random.default_rng(12)
    H, KVH, S, D = 8, 2, 77, 32
    bf = ml_dtypes.bfloat16
    q = rng.standard_normal((H, S, D)).astype(bf)
    k = rng.standard_normal((KVH, S, D)).astype(bf)
    v = rng.standard_normal((KVH, S, D)).astype(bf)
    o = tr.empty((H, S, D), dtype=bf16)
    attn_fwd(o.partition((1, 32, D)), tr.from_numpy(q), tr.from_numpy(k), tr.from_numpy(v),
             1.0 / math.sqrt(D), H // KVH, 16).sync()
    kk = np.repeat(k.astype(np.float64), H // KVH, axis=0)
    vv = np.repeat(v.astype(np.float64), H // KVH, axis=0)
    s = q.astype(np.float64) @ kk.transpose(0, 2, 1) / math.sqrt(D)
    s = np.where(np.tri(S, dtype=bool), s, -np.inf)
    p = np.exp(s - s.max(-1, keepdims=True))
    ref = (p / p.sum(-1, keepdims=True)) @ vv
    err = np.abs(o.to_numpy().astype(np.float64) - ref).max()
    if not err < 3e-2:  # bf16 probabilities and output
        raise AssertionError(f"attention err {err}")
    print("OK k12")


main()
