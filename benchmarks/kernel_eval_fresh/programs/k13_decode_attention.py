"""One decode step: a single query token per head attends to the first `length` rows of a KV
cache [kv_heads, max_seq, d] (f16), GQA with the group's query heads stacked as rows of one
tile; `length` a run-time int, the last key tile masked."""
import math

import numpy as np

import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f16, f32


@tr.kernel
def decode(
    out: Mutable[Tensor[f32]],        # [q_heads, d], partitioned (group, d): one KV head a block
    q: Shared[Tensor[f16]],           # [q_heads, d]
    kc: Shared[Tensor[f16]],
    vc: Shared[Tensor[f16]],
    length: int,
    scale: float,
    BN: Const[int],
    GP: Const[int],                   # the group padded to 16 rows for mma
) -> None:
    (g, _) = out.index
    G, D = out.tile_shape
    rows = tl.arange(GP)
    qrows = g * G + rows
    qt = tl.gather(q, (qrows[:, None], tl.arange(D)[None, :]), mask=(rows < G)[:, None])
    m = tl.full((GP, 1), float("-inf"), tl.f32)
    l = tl.zeros((GP, 1), tl.f32)
    acc = tl.zeros((GP, D), tl.f32)
    n_blocks = (length + BN - 1) // BN
    for j in range(n_blocks):
        kt = kc.load_tile((1, BN, D), (g, j, 0)).reshape((BN, D))
        vt = vc.load_tile((1, BN, D), (g, j, 0)).reshape((BN, D))
        s = tl.mma(qt, tl.transpose(kt), tl.zeros((GP, BN), tl.f32)) * scale
        pos = j * BN + tl.arange(BN)
        s = tl.where(pos[None, :] < length, s, float("-inf"))
        m_new = tl.maximum(m, tl.max(s, axis=1, keepdims=True))
        p = tl.exp(s - m_new)
        a = tl.exp(m - m_new)
        l = l * a + tl.sum(p, axis=1, keepdims=True)
        acc = tl.mma(p.astype(tl.f16), vt, acc * a)
        m = m_new
    res = acc / l
    out.store(tl.extract(res, (0, 0), (G, D)))


def main():
    rng = np.random.default_rng(13)
    QH, KVH, MAXS, D, L = 8, 2, 128, 64, 75
    G = QH // KVH
    q = rng.standard_normal((QH, D)).astype(np.float16)
    kc = rng.standard_normal((KVH, MAXS, D)).astype(np.float16)
    vc = rng.standard_normal((KVH, MAXS, D)).astype(np.float16)
    kc[:, L:] = 100  # garbage past the length must not count
    out = tr.empty((QH, D), dtype=f32)
    decode(out.partition((G, D)), tr.from_numpy(q), tr.from_numpy(kc), tr.from_numpy(vc), L,
           1 / math.sqrt(D), 32, 16).sync()
    ref = np.zeros((QH, D))
    for h in range(QH):
        kk = kc[h // G, :L].astype(np.float64)
        s = kk @ q[h].astype(np.float64) / math.sqrt(D)
        p = np.exp(s - s.max())
        ref[h] = (p / p.sum()) @ vc[h // G, :L].astype(np.float64)
    err = np.abs(out.to_numpy() - ref).max()
    if not err < 5e-3:
        raise AssertionError(f"decode err {err}")
    print("OK k13")


main()
