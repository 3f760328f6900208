"""Masked row softmax of f16 logits with f32 statistics, plus the row logsumexp (f32), and an
optional additive mask row (padding tokens), several rows per block."""
import math

import numpy as np

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f16, f32

NEG_INF = float("-inf")


@tr.kernel
def softmax_lse(
    probs: Mutable[Tensor[f16]],
    lse: Mutable[Tensor[f32]],
    logits: Shared[Tensor[f16]],
    keep: Shared[Tensor[tl.bool_]],
    scale: float,
) -> None:
    bm, bn = probs.tile_shape
    i = probs.index[0]
    x = tl.load_tile_like(logits, probs).astype(tl.f32) * scale
    cols = tl.arange(bn)[None, :]
    kmask = keep.load_tile((bn,), (0,))[None, :]
    valid = (cols < logits.shape[1]) & kmask
    x = tl.where(valid, x, NEG_INF)
    m = tl.max(x, axis=1, keepdims=True)
    e = tl.exp(x - m)
    e = tl.where(valid, e, 0.0)
    s = tl.sum(e, axis=1, keepdims=True)
    probs.store(e / s)
    lse.store(m + tl.log(s))


def main():
    rng = np.random.default_rng(1)
    R, C = 37, 100
    xs = (rng.standard_normal((R, C)) * 3).astype(np.float16)
    keep = rng.random(C) > 0.2
    keep[0] = True
    scale = 0.5
    probs = tr.empty((R, C), dtype=f16)
    lse = tr.empty((R, 1), dtype=f32)
    bn = 1 << (C - 1).bit_length()
    softmax_lse(probs.partition((8, bn)), lse.partition((8, 1)), tr.from_numpy(xs),
                tr.from_numpy(keep), scale).sync()
    z = np.where(keep[None, :], xs.astype(np.float64) * scale, -np.inf)
    m = z.max(axis=1, keepdims=True)
    e = np.exp(z - m)
    ref_p = e / e.sum(axis=1, keepdims=True)
    ref_l = (m + np.log(e.sum(axis=1, keepdims=True)))
    err_p = np.abs(probs.to_numpy().astype(np.float64) - ref_p).max()
    err_l = np.abs(lse.to_numpy() - ref_l).max()
    if not (err_p < 2e-3 and err_l < 1e-4):
        raise AssertionError(f"probs err {err_p}, lse err {err_l}")
    print("OK k02")


main()
