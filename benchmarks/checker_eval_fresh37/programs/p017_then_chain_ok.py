import asyncio

import numpy as np
from hostkit import accumulate, add, scale

import tilert as tr

N = 2048


async def main():
    x = tr.from_numpy(np.arange(N, dtype=np.float32))
    y = tr.ones((N,))
    z = tr.empty((N,))
    w = tr.empty((N,))
    await add(z.partition((256,)), x, y).then(lambda zp, *_: accumulate(zp, y))
    await scale(w.partition((256,)), z, 0.5)
    expect = (np.arange(N) + 2) * 0.5
    assert np.allclose(w.to_numpy(), expect)
    print("ok", w.to_numpy()[:3])


asyncio.run(main())
