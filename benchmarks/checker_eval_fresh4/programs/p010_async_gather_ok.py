"""Per-request asyncio tasks, each on its own stream, all awaited before reading."""

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
    await asyncio.sleep(0)
    await pending
    return float(acts.to_numpy()[0])


async def main() -> None:
    weights = tr.from_numpy(np.ones(128, dtype=np.float32))
    results = await asyncio.gather(*(request(r, weights) for r in range(4)))
    assert results == [r + 0.5 for r in range(4)], results


asyncio.run(main())
