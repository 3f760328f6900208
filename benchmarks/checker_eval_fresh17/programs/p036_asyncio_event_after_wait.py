"""asyncio: the producer awaits its Pending before setting the event; the consumer then reads."""

import asyncio

from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr

kv = tr.zeros((64,), name="kv")
chunk = tr.full((64,), 0.5)


async def producer(ready: asyncio.Event) -> None:
    pending = K.accum(tiles(kv), chunk).submit()
    await pending
    ready.set()


async def consumer(ready: asyncio.Event) -> float:
    await ready.wait()
    return float(kv.to_numpy().sum())


async def main() -> None:
    ready = asyncio.Event()
    _, total = await asyncio.gather(producer(ready), consumer(ready))
    assert total == 32.0
    print(total)


asyncio.run(main())
