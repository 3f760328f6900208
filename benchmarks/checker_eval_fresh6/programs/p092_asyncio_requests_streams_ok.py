"""Per-request asyncio tasks, each with its own stream and buffers, awaiting submitted
Pendings; results collected with gather."""

from __future__ import annotations

import asyncio

import numpy as np
from llmforge import kernels as k

import tilert as tr


async def request(rid: int, weights: tr.Tensor) -> float:
    stream = tr.Stream()
    prompt = tr.from_numpy(np.full(64, float(rid), np.float32))
    h = tr.zeros((64,))
    out = tr.zeros((64,))
    await k.mul(h.partition((16,)), prompt, weights).submit(stream)
    await asyncio.sleep(0)
    pending = k.relu(out.partition((16,)), h).submit(stream)
    await pending
    return float(out.to_numpy().sum())


async def main() -> list[float]:
    weights = tr.full((64,), 0.5)
    return await asyncio.gather(*(request(r, weights) for r in range(-1, 3)))


res = asyncio.run(main())
assert res == [0.0, 0.0, 32.0, 64.0], res
print(res)
