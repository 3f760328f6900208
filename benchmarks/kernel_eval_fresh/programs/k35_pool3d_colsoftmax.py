"""Masked mean pooling of a [B, S, D] f16 hidden state over the sequence axis of a 3-D tile
(attention-mask lengths per batch, S = 45 ragged), and a softmax over axis 0 (columns) of an
f32 [40, 24] matrix, whose padding rows are masked."""
import numpy as np

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f16, f32, i32


@tr.kernel
def mean_pool(out: Mutable[Tensor[f32]], h: Shared[Tensor[f16]], lengths: Shared[Tensor[i32]]) -> None:
    # out [B, D] partitioned (1, BD); the block loads the whole (1, S_pow2, BD) slab
    b, j = out.index
    _, BD = out.tile_shape
    SP = 64
    t = h.load_tile((1, SP, BD), (b, 0, j)).astype(tl.f32)
    L = lengths.load_tile((1,), (b,))
    pos = tl.arange(SP)
    m = (pos < L)[None, :, None]
    s = tl.sum(tl.where(m, t, 0.0), axis=1)  # (1, BD)
    out.store(s / L.astype(tl.f32))


@tr.kernel
def col_softmax(out: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    BR, BC = out.tile_shape
    t = tl.load_tile_like(x, out)
    rows = tl.arange(BR)[:, None]
    t = tl.where(rows < x.shape[0], t, float("-inf"))
    e = tl.exp(t - tl.max(t, axis=0, keepdims=True))
    out.store(e / tl.sum(e, axis=0, keepdims=True))


def main():
    rng = np.random.default_rng(35)
    B, S, D = 3, 45, 48
    h = rng.standard_normal((B, S, D)).astype(np.float16)
    lens = np.array([45, 1, 30], dtype=np.int32)
    out = tr.empty((B, D), dtype=f32)
    mean_pool(out.partition((1, 16)), tr.from_numpy(h), tr.from_numpy(lens)).sync()
    ref = np.stack([h[b, : lens[b]].astype(np.float64).mean(0) for b in range(B)])
    e1 = np.abs(out.to_numpy() - ref).max()
    x = rng.standard_normal((40, 24)).astype(np.float32)
    o2 = tr.empty((40, 24), dtype=f32)
    col_softmax(o2.partition((64, 8)), tr.from_numpy(x)).sync()
    ex = np.exp(x - x.max(0))
    e2 = np.abs(o2.to_numpy() - ex / ex.sum(0)).max()
    if not (e1 < 1e-4 and e2 < 1e-6):
        raise AssertionError(f"pool err {e1}, col softmax err {e2}")
    print("OK k35")


main()
