"""Fused residual add + RMSNorm (Llama): h = x + residual is written back as the new residual,
out = rmsnorm(h) * w; f16 storage, f32 math. Two Mutable outputs of one kernel."""
import numpy as np

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f16


@tr.kernel
def add_rmsnorm(
    out: Mutable[Tensor[f16]],
    residual: Mutable[Tensor[f16]],
    x: Shared[Tensor[f16]],
    w: Shared[Tensor[f16]],
    eps: float,
) -> None:
    h = residual.load().astype(tl.f32) + tl.load_tile_like(x, out).astype(tl.f32)
    h16 = h.astype(tl.f16)
    residual.store(h16)
    hf = h16.astype(tl.f32)  # normalize what was stored, as the reference does
    ms = tl.sum(hf * hf, axis=-1, keepdims=True) / x.shape[1]
    bc = out.tile_shape[1]
    wt = w.load_tile((1, bc), (0, 0)).astype(tl.f32)
    out.store(hf * tl.rsqrt(ms + eps) * wt)


def main():
    rng = np.random.default_rng(4)
    R, C = 10, 96
    xs = rng.standard_normal((R, C)).astype(np.float16)
    rs = rng.standard_normal((R, C)).astype(np.float16)
    ws = (1 + 0.1 * rng.standard_normal((1, C))).astype(np.float16)
    res = tr.from_numpy(rs.copy())
    out = tr.empty((R, C), dtype=f16)
    add_rmsnorm(out.partition((4, 128)), res.partition((4, 128)), tr.from_numpy(xs),
                tr.from_numpy(ws), 1e-6).sync()
    h = (xs.astype(np.float32) + rs.astype(np.float32)).astype(np.float16)
    hf = h.astype(np.float64)
    ref = hf / np.sqrt((hf ** 2).mean(axis=1, keepdims=True) + 1e-6) * ws.astype(np.float64)
    e1 = np.abs(res.to_numpy().astype(np.float64) - hf).max()
    e2 = np.abs(out.to_numpy().astype(np.float64) - ref).max()
    if not (e1 == 0 and e2 < 1e-2):
        raise AssertionError(f"residual err {e1}, out err {e2}")
    print("OK k04")


main()
