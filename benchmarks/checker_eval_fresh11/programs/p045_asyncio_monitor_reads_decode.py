"""A monitor task reads the decode task's logits while the decode's op is submitted."""

import asyncio

from llmkit import kernels as K
from llmkit.host import tiles

import tilert as tr

logits = tr.zeros((256,), name="logits")
w = tr.arange(256)


async def decode() -> None:
    pend = K.scale(tiles(logits), w, 0.1).submit()
    await asyncio.sleep(0.01)
    pend.wait()


async def monitor() -> float:
    await asyncio.sleep(0)
    return float(logits.to_numpy().max())  # expect: TC102


async def main() -> None:
    _, peak = await asyncio.gather(decode(), monitor())
    print(peak)


asyncio.run(main())
