"""Asyncio decode of two heads: both heads' ops zipped into one, submitted, and the Pending
awaited before the heads are concatenated on the host."""

import asyncio

import numpy as np
from llmweave.kernels import scale

import tilert as tr


async def step(x: tr.Tensor, heads: list[tr.Tensor]) -> np.ndarray:
    pending = tr.zip(*(scale(h.partition((16,)), x, float(i + 1)) for i, h in enumerate(heads)))
    inflight = pending.submit()
    await asyncio.sleep(0)
    await inflight
    return np.concatenate([h.to_numpy() for h in heads])


heads = [tr.zeros((64,)) for _ in range(2)]
out = asyncio.run(step(tr.ones((64,)), heads))
assert np.allclose(out[:64], 1.0) and np.allclose(out[64:], 2.0)
print(out.shape)
