"""A hand-written norm launch: the output passed as a tensor where the kernel wants a partition."""

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
x = tr.from_numpy(np.random.default_rng(2).standard_normal((rows, d)).astype(np.float32))
out = tr.empty((rows, d))
rms_norm(out, x, 1e-6).sync()  # expect: TC106
print(out.to_numpy()[0, :4])
