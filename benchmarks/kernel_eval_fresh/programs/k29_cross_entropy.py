"""Cross-entropy loss per token over a vocab of 1000 in bf16 logits: an online logsumexp over
vocab chunks (running max and rescaled sum), the target's logit gathered by label, and
ignore_index = -100 giving a loss of 0. Also the mean loss over the valid tokens via a second
tiny kernel reading the per-token losses."""
import ml_dtypes
import numpy as np

import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, bf16, f32, i64

IGNORE = -100


@tr.kernel
def ce_loss(loss: Mutable[Tensor[f32]], logits: Shared[Tensor[bf16]], labels: Shared[Tensor[i64]], CH: Const[int]) -> None:
    (r,) = loss.index
    BM = loss.tile_shape[0]
    V = logits.shape[1]
    m = tl.full((BM,), float("-inf"), tl.f32)
    s = tl.zeros((BM,), tl.f32)
    for c in range(tl.cdiv(V, CH)):
        t = logits.load_tile((BM, CH), (r, c)).astype(tl.f32)
        cols = c * CH + tl.arange(CH)
        t = tl.where(cols[None, :] < V, t, float("-inf"))
        m_new = tl.maximum(m, tl.max(t, axis=1))
        s = s * tl.exp(m - m_new) + tl.sum(tl.exp(t - m_new[:, None]), axis=1)
        m = m_new
    lse = m + tl.log(s)
    rows = r * BM + tl.arange(BM)
    lab = labels.load_tile((BM,), (r,))
    ok = lab != IGNORE
    tgt = tl.gather(logits, (rows, tl.where(ok, lab, 0))).astype(tl.f32)
    loss.store(tl.where(ok, lse - tgt, 0.0))


@tr.kernel
def masked_mean(out: Mutable[Tensor[f32]], loss: Shared[Tensor[f32]], labels: Shared[Tensor[i64]], B: Const[int]) -> None:
    tot = tl.zeros((1,), tl.f32)
    cnt = tl.zeros((1,), tl.f32)
    for k in range(tl.cdiv(loss.shape[0], B)):
        lab = labels.load_tile((B,), (k,))
        idx = k * B + tl.arange(B)
        ok = (lab != IGNORE) & (idx < labels.shape[0])
        tot += tl.sum(loss.load_tile((B,), (k,)), axis=0, keepdims=True)
        cnt += tl.sum(ok.astype(tl.f32), keepdims=True)
    out.store(tot / cnt)


def main():
    rng = np.random.default_rng(29)
    T, V = 21, 1000
    lg = (rng.standard_normal((T, V)) * 2).astype(ml_dtypes.bfloat16)
    lab = rng.integers(0, V, T).astype(np.int64)
    lab[[2, 7]] = IGNORE
    loss = tr.empty((T,), dtype=f32)
    lt, lbt = tr.from_numpy(lg), tr.from_numpy(lab)
    ce_loss(loss.partition((8,)), lt, lbt, 256).sync()
    mean = tr.empty((1,), dtype=f32)
    masked_mean(mean.partition((1,)), loss, lbt, 16).sync()
    x = lg.astype(np.float64)
    mx = x.max(1, keepdims=True)
    lse = (mx + np.log(np.exp(x - mx).sum(1, keepdims=True)))[:, 0]
    ref = np.where(lab != IGNORE, lse - x[np.arange(T), np.where(lab != IGNORE, lab, 0)], 0)
    e1 = np.abs(loss.to_numpy() - ref).max()
    e2 = abs(mean.to_numpy()[0] - ref[lab != IGNORE].mean())
    if not (e1 < 1e-4 and e2 < 1e-4):
        raise AssertionError(f"loss err {e1}, mean err {e2}")
    print("OK k29")


main()
