import asyncio

import numpy as np

import tilert as tr
import tilert.kernels as tk


async def layer_norm_block(x: tr.Tensor, w: tr.Tensor, b: tr.Tensor) -> np.ndarray:
    normed = tr.empty(x.shape, dtype=tr.f32)
    probs = tr.empty(x.shape, dtype=tr.f32)
    await tk.layernorm(normed, x, w, b)
    tk.softmax(probs, normed)  # expect: TC105
    return normed.to_numpy()


async def main() -> None:
    rng = np.random.default_rng(0)
    x = tr.from_numpy(rng.standard_normal((16, 128)).astype(np.float32))
    w, b = tr.ones((128,)), tr.zeros((128,))
    out = await layer_norm_block(x, w, b)
    print(out.mean(axis=1)[:4])


asyncio.run(main())
