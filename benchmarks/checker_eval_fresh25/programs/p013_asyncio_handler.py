import asyncio

import numpy as np
from llmquay import scale

import tilert as tr


async def handle(x_np: np.ndarray) -> float:
    x = tr.from_numpy(x_np)
    y = tr.empty(x.shape)
    pending = scale(y.partition((128,)), x, 3.0).submit()
    await asyncio.sleep(0)  # let other requests make progress
    norm = float(np.linalg.norm(y.to_numpy()))  # expect: TC102
    await pending
    return norm


async def main() -> None:
    rng = np.random.default_rng(3)
    reqs = [rng.random(512, dtype=np.float32) for _ in range(4)]
    norms = await asyncio.gather(*(handle(r) for r in reqs))
    print(norms)


asyncio.run(main())
