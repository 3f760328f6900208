"""asyncio: a background task refreshes the rotary table and is never awaited."""

import asyncio

from llmdelta import scale

import tilert as tr

D = 256
inv_freq = tr.ones((D,), name="inv_freq")
table = tr.zeros((D,), name="table")


async def refresh_table(pos: float):
    _pending = scale(table.partition((64,)), inv_freq, pos).submit()  # expect: TC108
    await asyncio.sleep(0)
    return pos


async def main():
    task = asyncio.create_task(refresh_table(3.0))  # expect-also: TC108
    await asyncio.sleep(0)
    await task


asyncio.run(main())
