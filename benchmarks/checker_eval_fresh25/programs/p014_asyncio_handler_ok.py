import asyncio

import numpy as np
from llmquay import scale

import tilert as tr


async def handle(x_np: np.ndarray) -> float:
    x = tr.from_numpy(x_np)
    y = tr.empty(x.shape)
    pending = scale(y.partition((128,)), x, 3.0).submit()
    await asyncio.sleep(0)  # let other requests make progress
    await pending
    return float(np.linalg.norm(y.to_numpy()))


async def main() -> None:
    rng = np.random.default_rng(3)
    reqs = [rng.random(512, dtype=np.float32) for _ in range(4)]
    norms = await asyncio.gather(*(handle(r) for r in reqs))
    for r, n in zip(reqs, norms, strict=True):
        assert abs(n - 3.0 * np.linalg.norm(r)) < 1e-3
    print(norms)


asyncio.run(main())
