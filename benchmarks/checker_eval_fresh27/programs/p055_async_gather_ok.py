"""Several asyncio tasks each launch and await their own op; gather collects the results."""

import asyncio

from llmcove import add

import tilert as tr


async def update_stats(stats: tr.Tensor, batch: tr.Tensor, scratch: tr.Tensor) -> float:
    await add(scratch.partition((256,)), stats, batch)
    pending = add(stats.partition((256,)), scratch, batch).submit()
    await asyncio.sleep(0)
    await pending
    return float(stats.to_numpy()[0])


async def main() -> None:
    shards = [(tr.zeros((1024,)), tr.empty((1024,))) for _ in range(3)]
    batch = tr.ones((1024,))
    results = await asyncio.gather(*(update_stats(s, batch, scr) for s, scr in shards))
    print(results)


asyncio.run(main())
