"""A monitor task polls the KV usage buffer while the writer task's update is in flight."""

from __future__ import annotations

import asyncio

from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr

usage = tr.zeros((8,), name="usage")


async def writer(started: asyncio.Event) -> None:
    pending = k.fill(tiles(usage), 0.75).submit()
    started.set()
    await asyncio.sleep(0)
    await pending


async def monitor(started: asyncio.Event) -> float:
    await started.wait()
    return float(usage.to_numpy().max())  # expect: TC102


async def main() -> None:
    started = asyncio.Event()
    _, peak = await asyncio.gather(writer(started), monitor(started))  # expect-also
    print(peak)


asyncio.run(main())
