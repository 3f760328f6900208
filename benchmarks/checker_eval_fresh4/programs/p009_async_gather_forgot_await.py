"""Per-request asyncio tasks, each on its own stream; one task reads before awaiting."""

from __future__ import annotations

import asyncio

import numpy as np
from llmrun.kernels import axpy, fill

import tilert as tr


async def request(rid: int, weights: tr.Tensor) -> float:
    stream = tr.Stream()
    acts = tr.zeros((128,), name=f"acts{rid}")
    await fill(acts.partition((32,)), float(rid)).submit(stream)
    pending = axpy(acts.partition((32,)), weights, 0.5).submit(stream)
    if rid == 2:
        early = float(acts.to_numpy()[0])  # expect: TC102
        await pending
        return early
    await pending
    return float(acts.to_numpy()[0])


async def main() -> None:
    weights = tr.from_numpy(np.ones(128, dtype=np.float32))
    results = await asyncio.gather(*(request(r, weights) for r in range(4)))
    print(results)


asyncio.run(main())
