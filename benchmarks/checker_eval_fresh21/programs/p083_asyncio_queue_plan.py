"""A producer puts (plan, factor) work items on an asyncio.Queue; a monitor reads the buffer
while a plan waits in the queue."""

import asyncio

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

import tilert as tr


async def main() -> None:
    buf = H.upload(np.ones(32))
    work: asyncio.Queue[tuple[tr.Partition, float]] = asyncio.Queue()
    await work.put((H.tiles(buf), 3.0))
    print("monitor", buf.to_numpy().mean())  # expect: TC104
    plan, factor = await work.get()
    K.scale_(plan, factor).sync()


asyncio.run(main())
