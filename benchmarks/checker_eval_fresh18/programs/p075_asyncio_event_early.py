"""A producer coroutine sets an ``asyncio.Event`` right after submitting; the consumer wakes
on the event and reads the output before the producer waited."""

import asyncio

import numpy as np
from llmkiln import kernels as K
from llmkiln.host import tiles, vec

import tilert as tr


async def producer(out: tr.Tensor[tr.f32], ready: asyncio.Event) -> None:
    pending = K.scale(tiles(out), vec(np.arange(64)), 2.0).submit()
    ready.set()
    await asyncio.sleep(0)
    pending.wait()


async def consumer(out: tr.Tensor[tr.f32], ready: asyncio.Event) -> float:
    await ready.wait()
    return float(out.to_numpy().sum())  # expect: TC102


async def main() -> None:
    out = tr.empty((64,))
    ready = asyncio.Event()
    total, _ = await asyncio.gather(consumer(out, ready), producer(out, ready))  # expect-also
    print(total)


asyncio.run(main())
