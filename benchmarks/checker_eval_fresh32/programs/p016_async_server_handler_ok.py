"""An asyncio serving loop: each request handler submits its projection, yields to the event
loop, and awaits the op before building its response."""

import asyncio

import numpy as np
from llmcraft import scale

import tilert as tr

D = 256


async def handle(request_id: int, weights: tr.Tensor) -> dict[str, float]:
    out = tr.zeros((D,), name=f"out{request_id}")
    pending = scale(out.partition((128,)), weights, float(request_id + 1)).submit()
    await asyncio.sleep(0)
    await pending
    return {"id": request_id, "score": float(out.to_numpy().sum())}


async def serve() -> None:
    weights = tr.from_numpy(np.ones(D, dtype=np.float32))
    results = await asyncio.gather(*(handle(i, weights) for i in range(3)))
    print(results)


asyncio.run(serve())
