"""A producer notifies an asyncio.Condition right after submitting; the consumer reads at once."""

import asyncio

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import tiles, upload

import tilert as tr


async def produce(cond: asyncio.Condition, out: tr.Tensor, box: list[tr.Pending]) -> None:
    async with cond:
        box.append(K.scale(tiles(out), upload(np.arange(16)), 2.0).submit())
        cond.notify_all()


async def consume(cond: asyncio.Condition, out: tr.Tensor, box: list[tr.Pending]) -> float:
    async with cond:
        await cond.wait_for(lambda: bool(box))
        value = float(out.to_numpy()[3])  # expect: TC102
    box[0].wait()
    return value


async def main() -> None:
    cond, out, box = asyncio.Condition(), tr.zeros((16,)), []
    print(await asyncio.gather(consume(cond, out, box), produce(cond, out, box)))  # expect-also


asyncio.run(main())
