"""Softmax of long rows (2000 columns) walked in chunks of 256 by a mapped partition: blocks =
row tiles and order = grouped(row tiles), so block b owns the chunks of its own rows, in order;
the first tiles() loop computes the online max and sum, the second writes the probabilities."""
import numpy as np

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f16, f32


@tr.kernel
def softmax_chunks(out: Mutable[Tensor[f16]], x: Shared[Tensor[f16]]) -> None:
    BM, BN = out.tile_shape
    m = tl.full((BM, 1), float("-inf"), tl.f32)
    s = tl.zeros((BM, 1), tl.f32)
    for idx in out.tiles():
        i, j = idx
        t = tl.load_tile_like(x, out, at=idx).astype(tl.f32)
        cols = j * BN + tl.arange(BN)[None, :]
        t = tl.where(cols < x.shape[1], t, float("-inf"))
        m_new = tl.maximum(m, tl.max(t, axis=1, keepdims=True))
        s = s * tl.exp(m - m_new) + tl.sum(tl.exp(t - m_new), axis=1, keepdims=True)
        m = m_new
    for jdx in out.tiles():
        t = tl.load_tile_like(x, out, at=jdx).astype(tl.f32)
        out.store(tl.exp(t - m) / s, at=jdx)


def main():
    rng = np.random.default_rng(38)
    R, C, BM, BN = 10, 2000, 4, 256
    xs = (rng.standard_normal((R, C)) * 3).astype(np.float16)
    out = tr.empty((R, C), dtype=f16)
    part = out.partition((BM, BN))
    row_tiles = -(-R // BM)
    softmax_chunks(part.mapped(blocks=row_tiles, order=tr.grouped(row_tiles)), tr.from_numpy(xs)).sync()
    x = xs.astype(np.float64)
    e = np.exp(x - x.max(1, keepdims=True))
    ref = e / e.sum(1, keepdims=True)
    err = np.abs(out.to_numpy().astype(np.float64) - ref).max()
    if not err < 1e-3:
        raise AssertionError(f"chunked softmax err {err}")
    print("OK k38")


main()
