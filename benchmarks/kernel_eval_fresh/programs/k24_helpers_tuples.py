"""@tr.function helpers that return tuples (mean and rstd; a Welford-style merge), tuple
unpacking at the call, a helper calling a helper, keyword arguments and a default argument,
module constants used in helpers. Computes per-row mean and rstd of an f32 matrix in column
chunks by merging chunk statistics (Chan et al.)."""
import numpy as np

import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32

EPS = 1e-5


@tr.function
def chunk_stats(t: tl.Tile[f32], valid: tl.Tile[tl.bool_]):
    n = tl.sum(valid.astype(tl.f32), axis=1, keepdims=True)
    s = tl.sum(tl.where(valid, t, 0.0), axis=1, keepdims=True)
    mean = s / tl.maximum(n, 1.0)
    d = tl.where(valid, t - mean, 0.0)
    m2 = tl.sum(d * d, axis=1, keepdims=True)
    return n, mean, m2


@tr.function
def merge(
    na: tl.Tile[f32], ma: tl.Tile[f32], qa: tl.Tile[f32],
    nb: tl.Tile[f32], mb: tl.Tile[f32], qb: tl.Tile[f32],
):
    # first written as merge(a: tuple, b: tuple) with the unpacking inside: refused (TC206)
    n = na + nb
    delta = mb - ma
    frac = nb / tl.maximum(n, 1.0)
    return n, ma + delta * frac, qa + qb + delta * delta * na * frac


@tr.function
def finish(n: tl.Tile[f32], m2: tl.Tile[f32], eps: float = EPS):
    return tl.rsqrt(m2 / n + eps)


@tr.kernel
def row_stats(mean: Mutable[Tensor[f32]], rstd: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], CH: Const[int]) -> None:
    (r, _) = mean.index
    BM = mean.tile_shape[0]
    state = (tl.zeros((BM, 1), tl.f32), tl.zeros((BM, 1), tl.f32), tl.zeros((BM, 1), tl.f32))
    for c in range(tl.cdiv(x.shape[1], CH)):
        t = x.load_tile((BM, CH), (r, c))
        valid = (c * CH + tl.arange(CH))[None, :] < x.shape[1]
        valid = tl.broadcast_to(valid, (BM, CH))
        na, ma, qa = state
        nb, mb, qb = chunk_stats(t, valid)
        state = merge(na, ma, qa, nb, mb, qb)
    n, mu, m2 = state
    mean.store(mu)
    rstd.store(finish(n, m2, eps=EPS))


def main():
    rng = np.random.default_rng(24)
    R, C = 9, 333
    xs = (rng.standard_normal((R, C)) * 3 + 5).astype(np.float32)
    mean = tr.empty((R, 1), dtype=f32)
    rstd = tr.empty((R, 1), dtype=f32)
    row_stats(mean.partition((4, 1)), rstd.partition((4, 1)), tr.from_numpy(xs), 64).sync()
    x = xs.astype(np.float64)
    e1 = np.abs(mean.to_numpy()[:, 0] - x.mean(1)).max()
    e2 = np.abs(rstd.to_numpy()[:, 0] - 1 / np.sqrt(x.var(1) + EPS)).max()
    if not (e1 < 1e-4 and e2 < 1e-4):
        raise AssertionError(f"mean err {e1}, rstd err {e2}")
    print("OK k24")


main()
