"""An async server captures its decode step inside the request coroutine and awaits replays."""

import asyncio

import numpy as np
from llmpress.host import tiles
from llmpress.kernels import scale

import tilert as tr


async def warm(x: tr.Tensor, y: tr.Tensor) -> tr.Graph:
    with tr.graph() as g:
        g.record(scale(tiles(y), x, 0.5))
    return g


async def main() -> None:
    x = tr.from_numpy(np.ones(256, dtype=np.float32))
    y = tr.empty((256,))
    g = await warm(x, y)
    await g.launch()
    await g.launch()
    g.close()
    assert float(y.to_numpy().sum()) == 128.0


asyncio.run(main())
