"""An async server warms its decode step by capturing it inside the request coroutine."""

import asyncio

import numpy as np
from llmpress.host import tiles
from llmpress.kernels import scale

import tilert as tr


async def warm(x: tr.Tensor, y: tr.Tensor) -> tr.Graph:
    with tr.graph() as g:
        await scale(tiles(y), x, 0.5)  # expect: TC111
    return g


async def main() -> None:
    x = tr.from_numpy(np.ones(256, dtype=np.float32))
    y = tr.empty((256,))
    g = await warm(x, y)  # expect-also
    await g.launch()
    g.close()


asyncio.run(main())
