"""asyncio data loader: the next batch is staged while the current one is computed."""

import asyncio

import numpy as np
from llmreef import relu

import tilert as tr


async def load(i: int) -> np.ndarray:
    await asyncio.sleep(0)
    return np.full(512, float(i) - 1.0, dtype=np.float32)


async def train(steps: int) -> list[float]:
    out = tr.empty((512,), name="out")
    losses = []
    batch = tr.from_numpy(await load(0))
    for i in range(steps):
        pending = relu(out.partition((128,)), batch).submit()
        nxt = asyncio.create_task(load(i + 1))
        losses.append(float(out.to_numpy().mean()))  # expect: TC102
        await pending
        batch = tr.from_numpy(await nxt)
    return losses


print(asyncio.run(train(3)))  # expect-also: TC102
