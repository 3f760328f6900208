"""asyncio: the producer sets an `asyncio.Event` right after submitting; the consumer then reads."""

import asyncio

from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr

kv = tr.zeros((64,), name="kv")
chunk = tr.full((64,), 0.5)


async def producer(ready: asyncio.Event) -> tr.Pending:
    pending = K.accum(tiles(kv), chunk).submit()
    ready.set()
    await asyncio.sleep(0)
    return pending


async def consumer(ready: asyncio.Event) -> float:
    await ready.wait()
    return float(kv.to_numpy().sum())  # expect: TC102


async def main() -> None:
    ready = asyncio.Event()
    pending, total = await asyncio.gather(producer(ready), consumer(ready))  # expect-also
    pending.wait()
    print(total)


asyncio.run(main())
