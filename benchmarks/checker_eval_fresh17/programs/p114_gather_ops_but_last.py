"""asyncio: layer ops gathered with `asyncio.gather(*ops[:-1])`; the head op is never awaited."""

import asyncio

from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr

x = tr.ones((64,))
outs = [tr.empty((64,), name=f"l{i}") for i in range(3)]


async def forward() -> None:
    ops = [K.scale(tiles(o), x, float(i)) for i, o in enumerate(outs)]  # expect: TC105
    await asyncio.gather(*ops[:-1])
    print(outs[0].to_numpy()[0])


asyncio.run(forward())  # expect-also
