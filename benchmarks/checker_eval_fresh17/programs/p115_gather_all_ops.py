"""asyncio: every layer op gathered with `asyncio.gather(*ops)` before the outputs are read."""

import asyncio

from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr

x = tr.ones((64,))
outs = [tr.empty((64,), name=f"l{i}") for i in range(3)]


async def forward() -> list[float]:
    ops = [K.scale(tiles(o), x, float(i)) for i, o in enumerate(outs)]
    await asyncio.gather(*ops)
    return [float(o.to_numpy()[0]) for o in outs]


assert asyncio.run(forward()) == [0.0, 1.0, 2.0]
