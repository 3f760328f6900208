"""A producer coroutine awaits its op and only then sets the ``asyncio.Event`` the consumer
waits on."""

import asyncio

import numpy as np
from llmkiln import kernels as K
from llmkiln.host import tiles, vec

import tilert as tr


async def producer(out: tr.Tensor[tr.f32], ready: asyncio.Event) -> None:
    await K.scale(tiles(out), vec(np.arange(64)), 2.0)
    ready.set()


async def consumer(out: tr.Tensor[tr.f32], ready: asyncio.Event) -> float:
    await ready.wait()
    return float(out.to_numpy().sum())


async def main() -> float:
    out = tr.empty((64,))
    ready = asyncio.Event()
    total, _ = await asyncio.gather(consumer(out, ready), producer(out, ready))
    return total


assert asyncio.run(main()) == 4032.0
