"""A hand-written norm launch: one row per block."""

import numpy as np

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32


@tr.kernel
def rms_norm(out: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], eps: float) -> None:
    d = out.tile_shape[1]
    t = tl.load_tile_like(x, out)
    out.store(t * tl.rsqrt(tl.sum(t * t, axis=1, keepdims=True) / d + eps))


rows, d = 16, 64
x_np = np.random.default_rng(2).standard_normal((rows, d)).astype(np.float32)
x = tr.from_numpy(x_np)
out = tr.empty((rows, d))
rms_norm(out.partition((1, d)), x, 1e-6).sync()
ref = x_np / np.sqrt((x_np**2).mean(axis=1, keepdims=True) + 1e-6)
np.testing.assert_allclose(out.to_numpy(), ref, rtol=1e-4, atol=1e-5)
print(out.to_numpy()[0, :4])
