"""A producer task awaits its Pending, then sets an asyncio.Event; the consumer reads on it."""

import asyncio

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

import tilert as tr


async def producer(out: tr.Tensor, ready: asyncio.Event) -> None:
    pending = K.scale(H.tiles(out), H.upload(np.arange(32)), 3.0).submit()
    await asyncio.sleep(0)
    await pending
    ready.set()


async def consumer(out: tr.Tensor, ready: asyncio.Event) -> float:
    await ready.wait()
    return float(out.to_numpy().max())


async def main() -> float:
    out, ready = tr.zeros((32,)), asyncio.Event()
    _, top = await asyncio.gather(producer(out, ready), consumer(out, ready))
    return top


assert asyncio.run(main()) == 93.0
