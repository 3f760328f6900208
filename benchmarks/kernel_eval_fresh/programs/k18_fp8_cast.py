"""FP8 (e4m3) per-tensor scaled cast: x * inv_scale saturating into f8e4m3fn, stored, and the
dequantized copy computed back from the f8 tensor in a second kernel (astype to f32 first)."""
import ml_dtypes
import numpy as np

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f8e4m3fn, f32

FP8_MAX = 448.0


@tr.kernel
def to_fp8(y: Mutable[Tensor[f8e4m3fn]], x: Shared[Tensor[f32]], inv_scale: float) -> None:
    v = tl.load_tile_like(x, y) * inv_scale
    v = tl.minimum(tl.maximum(v, -FP8_MAX), FP8_MAX)
    y.store(tl.astype(v, tl.f8e4m3fn))


@tr.kernel
def from_fp8(x: Mutable[Tensor[f32]], y: Shared[Tensor[f8e4m3fn]], scale: float) -> None:
    x.store(tl.astype(tl.load_tile_like(y, x), tl.f32) * scale)


def main():
    rng = np.random.default_rng(18)
    n = 1000
    xs = (rng.standard_normal(n) * 50).astype(np.float32)
    xs[:3] = [1e6, -1e6, 0.0]
    scale = float(np.abs(xs[3:]).max() / FP8_MAX)
    y = tr.empty((n,), dtype=f8e4m3fn)
    to_fp8(y.partition((256,)), tr.from_numpy(xs), 1.0 / scale).sync()
    back = tr.empty((n,), dtype=f32)
    from_fp8(back.partition((128,)), y, scale).sync()
    v = np.clip(xs * np.float32(1.0 / scale), -FP8_MAX, FP8_MAX)
    ref8 = v.astype(ml_dtypes.float8_e4m3fn)
    got8 = y.to_numpy()
    same = np.array_equal(got8.view(np.uint8), ref8.view(np.uint8))
    err = np.abs(back.to_numpy() - ref8.astype(np.float32) * np.float32(scale)).max()
    if not (same and err < 1e-3):
        bad = np.nonzero(got8.view(np.uint8) != ref8.view(np.uint8))[0][:5]
        raise AssertionError(f"fp8 bits differ at {bad}, dequant err {err}")
    print("OK k18")


main()
