"""Per-row symmetric int8 quantization (absmax / 127, round half away from zero by hand since
astype truncates), then dequantization back to f16 in a second kernel; the scales stored f32."""
import numpy as np

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f16, f32, i8


@tr.kernel
def quantize(q: Mutable[Tensor[i8]], scale: Mutable[Tensor[f32]], x: Shared[Tensor[f16]]) -> None:
    xt = tl.load_tile_like(x, q).astype(tl.f32)
    amax = tl.max(tl.abs(xt), axis=1, keepdims=True)
    s = tl.maximum(amax, 1e-8) / 127.0
    y = xt / s
    y = tl.where(y >= 0, tl.floor(y + 0.5), tl.ceil(y - 0.5))
    y = tl.minimum(tl.maximum(y, -127.0), 127.0)
    q.store(tl.astype(y, tl.i8))
    scale.store(s)


@tr.kernel
def dequantize(x: Mutable[Tensor[f16]], q: Shared[Tensor[i8]], scale: Shared[Tensor[f32]]) -> None:
    bm, bn = x.tile_shape
    r = x.index[0]
    qt = tl.load_tile_like(q, x)
    s = scale.load_tile((bm, 1), (r, 0))
    x.store(qt * s)


def main():
    rng = np.random.default_rng(17)
    R, C = 11, 120
    xs = (rng.standard_normal((R, C)) * rng.random((R, 1)) * 10).astype(np.float16)
    q = tr.empty((R, C), dtype=tl.i8)
    sc = tr.empty((R, 1), dtype=f32)
    quantize(q.partition((4, 128)), sc.partition((4, 1)), tr.from_numpy(xs)).sync()
    x64 = xs.astype(np.float32)
    s_ref = np.maximum(np.abs(x64).max(axis=1, keepdims=True), 1e-8) / np.float32(127)
    y = x64 / s_ref
    q_ref = np.clip(np.sign(y) * np.floor(np.abs(y) + 0.5), -127, 127).astype(np.int8)
    dq = tr.empty((R, C), dtype=f16)
    dequantize(dq.partition((4, 64)), q, sc).sync()
    qd = np.abs(q.to_numpy().astype(int) - q_ref.astype(int)).max()
    serr = np.abs(sc.to_numpy() - s_ref).max()
    derr = np.abs(dq.to_numpy().astype(np.float64) - x64).max()
    if not (qd == 0 and serr < 1e-6 and derr <= (s_ref.max() / 2 + 0.02)):
        raise AssertionError(f"q diff {qd}, scale err {serr}, dequant err {derr}")
    print("OK k17")


main()
