"""RoPE, interleaved form (GPT-J / original paper): pairs (x[2j], x[2j+1]) rotate together.
The tile is reshaped to (..., d/2, 2), the two lanes pulled out with extract and put back with
reshape + cat; cos/sin come from host tables gathered by position."""
import numpy as np

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32, i64


@tr.kernel
def rope_interleaved(
    out: Mutable[Tensor[f32]],
    x: Shared[Tensor[f32]],
    cos_t: Shared[Tensor[f32]],
    sin_t: Shared[Tensor[f32]],
    pos: Shared[Tensor[i64]],
) -> None:
    bs, d = out.tile_shape
    (s, _) = out.index
    half = d // 2
    t = tl.load_tile_like(x, out)
    pairs = tl.reshape(t, (bs, half, 2))
    ev = tl.reshape(tl.extract(pairs, (0, 0, 0), (bs, half, 1)), (bs, half))
    od = tl.reshape(tl.extract(pairs, (0, 0, 1), (bs, half, 1)), (bs, half))
    p = pos.load_tile((bs,), (s,))
    cols = tl.arange(half)
    c = tl.gather(cos_t, (p[:, None], cols[None, :]))
    sn = tl.gather(sin_t, (p[:, None], cols[None, :]))
    r_ev = ev * c - od * sn
    r_od = ev * sn + od * c
    both = tl.cat((tl.reshape(r_ev, (bs, half, 1)), tl.reshape(r_od, (bs, half, 1))), axis=2)
    out.store(tl.reshape(both, (bs, d)))


def main():
    rng = np.random.default_rng(8)
    S, D, MAXP = 27, 32, 512
    xs = rng.standard_normal((S, D)).astype(np.float32)
    ps = rng.integers(0, MAXP, S).astype(np.int64)
    inv = 10000.0 ** (-np.arange(D // 2) * 2.0 / D)
    ang = np.arange(MAXP)[:, None] * inv[None, :]
    cos_t, sin_t = np.cos(ang).astype(np.float32), np.sin(ang).astype(np.float32)
    out = tr.empty((S, D), dtype=f32)
    rope_interleaved(out.partition((8, D)), tr.from_numpy(xs), tr.from_numpy(cos_t),
                     tr.from_numpy(sin_t), tr.from_numpy(ps)).sync()
    c, s = cos_t[ps], sin_t[ps]
    ev, od = xs[:, 0::2], xs[:, 1::2]
    ref = np.empty_like(xs)
    ref[:, 0::2] = ev * c - od * s
    ref[:, 1::2] = ev * s + od * c
    err = np.abs(out.to_numpy() - ref).max()
    if not err < 1e-5:
        raise AssertionError(f"rope_interleaved err {err}")
    print("OK k08")


main()
