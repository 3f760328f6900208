"""A producer task sets an asyncio.Event as soon as it submits; the consumer reads on the event,
before the producer awaits its Pending."""

import asyncio

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

import tilert as tr


async def producer(out: tr.Tensor, ready: asyncio.Event) -> None:
    pending = K.scale(H.tiles(out), H.upload(np.arange(32)), 3.0).submit()
    ready.set()
    await asyncio.sleep(0)
    await pending


async def consumer(out: tr.Tensor, ready: asyncio.Event) -> float:
    await ready.wait()
    return float(out.to_numpy().max())  # expect: TC102


async def main() -> None:
    out, ready = tr.zeros((32,)), asyncio.Event()
    await asyncio.gather(producer(out, ready), consumer(out, ready))


asyncio.run(main())
