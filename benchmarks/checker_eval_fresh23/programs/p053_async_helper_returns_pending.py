import asyncio

import numpy as np
from llmpress.host import tiles
from llmpress.kernels import add

import tilert as tr


async def project(out: tr.Tensor, x: tr.Tensor, bias: tr.Tensor) -> tr.Pending:
    await asyncio.sleep(0)  # yield to other requests before launching
    return add(tiles(out), x, bias).submit()


async def handle(rid: int) -> float:
    x = tr.from_numpy(np.full(256, float(rid), dtype=np.float32))
    bias = tr.from_numpy(np.ones(256, dtype=np.float32))
    out = tr.empty((256,))
    pending = await project(out, x, bias)
    top = float(out.to_numpy().max())  # expect: TC102
    await pending
    return top


print(asyncio.run(handle(3)))
