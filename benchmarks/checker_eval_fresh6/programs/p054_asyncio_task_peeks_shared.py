"""Per-request asyncio tasks on their own streams; the metrics task reads the shared batch
output while the batch task has submitted its write and not yet awaited it."""

from __future__ import annotations

import asyncio

from llmforge import kernels as k

import tilert as tr

batch_out = tr.zeros((64,), name="batch_out")
x = tr.ones((64,))


async def batch_task(submitted: asyncio.Event, sampled: asyncio.Event) -> None:
    with tr.Stream():
        pending = k.scale(batch_out.partition((16,)), x, 3.0).submit()
        submitted.set()
        await sampled.wait()
        await pending


async def metrics_task(submitted: asyncio.Event, sampled: asyncio.Event) -> float:
    await submitted.wait()
    try:
        return float(batch_out.to_numpy().sum())  # expect: TC102
    finally:
        sampled.set()


async def main() -> None:
    submitted, sampled = asyncio.Event(), asyncio.Event()
    results = await asyncio.gather(batch_task(submitted, sampled), metrics_task(submitted, sampled))
    print(results)


asyncio.run(main())
