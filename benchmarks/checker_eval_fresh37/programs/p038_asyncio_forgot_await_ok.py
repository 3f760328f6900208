import asyncio

import numpy as np
from hostkit import relu, scale

import tilert as tr


async def layer(x: tr.Tensor) -> tr.Tensor:
    h = tr.empty(x.shape)
    y = tr.empty(x.shape)
    await relu(h.partition((128,)), x)
    await scale(y.partition((128,)), h, 0.5)
    return y


async def main():
    x = tr.from_numpy(np.linspace(-2, 2, 512, dtype=np.float32))
    y = await layer(x)
    print(y.to_numpy().max())


asyncio.run(main())
