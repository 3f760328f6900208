"""A monitoring task samples the activations while the forward pass is still running."""

import asyncio

import numpy as np
from llmquill import gelu

import tilert as tr

N = 2048


async def monitor(act: tr.Tensor, stats: dict[str, float]) -> None:
    stats["max"] = float(act.to_numpy().max())  # expect: TC102


async def forward() -> dict[str, float]:
    x = tr.from_numpy(np.linspace(-4, 4, N, dtype=np.float32))
    act = tr.empty((N,), name="act")
    stats: dict[str, float] = {}
    pending = gelu(act.partition((512,)), x).submit()
    task = asyncio.create_task(monitor(act, stats))
    await asyncio.sleep(0)
    await pending
    await task  # expect-also: TC102
    return stats


print(asyncio.run(forward()))
