"""GEMV y = W @ x (W [N, K] f16, x f16, y f32) behind @tr.autotune over tile configs and an
occupancy option, the tile sizes clamped to the problem; the K loop reduces once at the end."""
import numpy as np

import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f16, f32


@tr.kernel
def gemv(y: Mutable[Tensor[f32]], w: Shared[Tensor[f16]], x: Shared[Tensor[f16]], BK: Const[int]) -> None:
    (n,) = y.index
    BN = y.tile_shape[0]
    acc = tl.zeros((BN, BK), tl.f32)
    for k in range(tl.cdiv(w.shape[1], BK)):
        wt = w.load_tile((BN, BK), (n, k)).astype(tl.f32)
        xt = x.load_tile((BK,), (k,)).astype(tl.f32)
        acc += wt * xt[None, :]
    y.store(tl.sum(acc, axis=1))


def pow2(v: int) -> int:
    return 1 << (v - 1).bit_length()


@tr.autotune(
    configs=[tr.Config(bn=64, bk=128, occ=2), tr.Config(bn=16, bk=256, occ=1), tr.Config(bn=32, bk=64, occ=4)],
    key=["y", "w"],
    cache=False,
)
def tuned_gemv(cfg, y, w, x):
    bn = min(cfg.bn, pow2(w.shape[0]))
    bk = min(cfg.bk, pow2(w.shape[1]))
    return gemv.with_options(occupancy=cfg.occ)(y.partition((bn,)), w, x, bk)


def main():
    rng = np.random.default_rng(28)
    N, K = 150, 333
    w = rng.standard_normal((N, K)).astype(np.float16)
    x = rng.standard_normal(K).astype(np.float16)
    y = tr.empty((N,), dtype=f32)
    wt, xt = tr.from_numpy(w), tr.from_numpy(x)
    tuned_gemv(y, wt, xt).sync()
    tuned_gemv(y, wt, xt).sync()
    ref = w.astype(np.float64) @ x.astype(np.float64)
    err = np.abs(y.to_numpy() - ref).max()
    if not err < 1e-3:
        raise AssertionError(f"gemv err {err}; tuning {tuned_gemv.last_tuning}")
    print("OK k28")


main()
