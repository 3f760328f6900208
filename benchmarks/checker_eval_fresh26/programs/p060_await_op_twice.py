import asyncio

import numpy as np

import tilert as tr
import tilert.kernels as tk


async def predict(x: tr.Tensor, out_ids: tr.Tensor) -> np.ndarray:
    op = tk.argmax(out_ids, x)
    await op
    print("argmax launched and complete")
    await op  # expect: TC110
    return out_ids.to_numpy()


x = tr.from_numpy(np.random.default_rng(1).standard_normal((8, 100)).astype(np.float32))
ids = tr.empty((8,), dtype=tr.i32)
print(asyncio.run(predict(x, ids)))
