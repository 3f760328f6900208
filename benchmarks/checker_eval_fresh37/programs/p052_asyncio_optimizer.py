import asyncio

import numpy as np
from hostkit import axpy, relu

import tilert as tr

D = 2048
params = tr.from_numpy(np.linspace(-1, 1, D, dtype=np.float32))
grads = tr.full((D,), 0.1)
activ = tr.empty((D,))


async def forward():
    pend = relu(activ.partition((256,)), params).submit()
    await asyncio.sleep(0.01)
    await pend
    return float(activ.to_numpy().sum())


async def optimizer_step():
    await asyncio.sleep(0)
    await axpy(params.partition((256,)), grads, -0.5)  # expect: TC103


async def main():
    return await asyncio.gather(forward(), optimizer_step())  # expect-also: TC103


print(asyncio.run(main()))  # expect-also: TC103
