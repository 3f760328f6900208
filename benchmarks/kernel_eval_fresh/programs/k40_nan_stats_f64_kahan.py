"""Numerics guard rails: per row of an f32 matrix with NaNs and infs, a bool_ 'has NaN' output,
the NaN count (a bool_ tile summed), a NaN-ignoring max via tl.isnan, and a Kahan-compensated
f64 sum of the finite values (compensation carried through the chunk loop), loads with
latency= hints."""
import numpy as np

import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, bool_, f32, f64, i32


@tr.kernel
def nan_stats(
    has_nan: Mutable[Tensor[bool_]],
    n_nan: Mutable[Tensor[i32]],
    vmax: Mutable[Tensor[f32]],
    total: Mutable[Tensor[f64]],
    x: Shared[Tensor[f32]],
    CH: Const[int],
) -> None:
    (r, _) = total.index
    BM = total.tile_shape[0]
    cnt = tl.zeros((BM, 1), tl.i32)
    best = tl.full((BM, 1), float("-inf"), tl.f32)
    s = tl.zeros((BM, 1), tl.f64)
    comp = tl.zeros((BM, 1), tl.f64)
    for c in range(tl.cdiv(x.shape[1], CH)):
        t = x.load_tile((BM, CH), (r, c), latency=3)
        nan = tl.isnan(t)
        cnt = cnt + tl.sum(nan, axis=1, keepdims=True)
        inside = (c * CH + tl.arange(CH))[None, :] < x.shape[1]  # the padding reads 0
        best = tl.maximum(best, tl.max(tl.where(nan | ~inside, float("-inf"), t), axis=1, keepdims=True))
        finite = ~nan & (tl.abs(t) < float("inf"))
        v = tl.sum(tl.where(finite, t, 0.0).astype(tl.f64), axis=1, keepdims=True)
        y = v - comp
        tt = s + y
        comp = (tt - s) - y
        s = tt
    has_nan.store(cnt > 0)
    n_nan.store(cnt)
    vmax.store(best)
    total.store(s)


def main():
    rng = np.random.default_rng(40)
    R, C = 10, 300
    x = (rng.standard_normal((R, C)) * 1e4).astype(np.float32)
    x[1, [3, 100, 299]] = np.nan
    x[2, :] = np.nan
    x[3, 7] = np.inf
    x[4, 8] = -np.inf
    outs = [tr.empty((R, 1), dtype=d) for d in (bool_, i32, f32, f64)]
    nan_stats(*(o.partition((4, 1)) for o in outs), tr.from_numpy(x), 64).sync()
    hn, nn, mx, tot = (o.to_numpy()[:, 0] for o in outs)
    isn = np.isnan(x)
    ref_max = np.where(isn, -np.inf, x).max(1)
    fin = np.isfinite(x)
    ref_tot = np.where(fin, x.astype(np.float64), 0).sum(1)
    ok = (np.array_equal(hn, isn.any(1)) and np.array_equal(nn, isn.sum(1))
          and np.array_equal(mx, ref_max.astype(np.float32)))
    terr = np.abs(tot - ref_tot).max()
    if not (ok and terr < 1e-6):
        raise AssertionError(f"flags {ok}, total err {terr}: {mx} vs {ref_max}")
    print("OK k40")


main()
