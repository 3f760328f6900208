"""An asyncio logger task that starts a device-side reduction and never awaits it."""

import asyncio

from llmcove import add

import tilert as tr


async def update_stats(stats: tr.Tensor, batch: tr.Tensor, scratch: tr.Tensor) -> None:
    await add(scratch.partition((256,)), stats, batch)
    add(stats.partition((256,)), scratch, batch).submit()  # expect: TC108
    await asyncio.sleep(0)


async def main() -> None:
    stats = tr.zeros((1024,))
    scratch = tr.empty((1024,))
    batch = tr.ones((1024,))
    await update_stats(stats, batch, scratch)  # expect-also: TC108
    print("scheduled")


asyncio.run(main())
