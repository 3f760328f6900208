"""A monitor task reading the decode task's buffer while the decode's Pending is in flight."""

import asyncio

from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
from tilert import f32

hidden = tr.zeros((8,), dtype=f32, name="hidden")


async def decode() -> None:
    pend = k.scale(tiles(hidden), tr.ones((8,), dtype=f32), 2.0).submit()
    await asyncio.sleep(0)
    await pend


async def monitor() -> float:
    return float(hidden.to_numpy().max())  # expect: TC102


async def main() -> None:
    dec = asyncio.create_task(decode())
    await asyncio.sleep(0)
    peak = await monitor()  # expect-also
    await dec
    print(peak)


asyncio.run(main())
