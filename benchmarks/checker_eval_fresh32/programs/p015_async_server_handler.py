"""An asyncio serving loop: each request handler submits its projection and yields to the
event loop; one handler builds its response before awaiting the op."""

import asyncio

import numpy as np
from llmcraft import scale

import tilert as tr

D = 256


async def handle(request_id: int, weights: tr.Tensor) -> dict[str, float]:
    out = tr.zeros((D,), name=f"out{request_id}")
    pending = scale(out.partition((128,)), weights, float(request_id + 1)).submit()
    await asyncio.sleep(0)
    response = {"id": request_id, "score": float(out.to_numpy().sum())}  # expect: TC102
    await pending
    return response


async def serve() -> None:
    weights = tr.from_numpy(np.ones(D, dtype=np.float32))
    results = await asyncio.gather(*(handle(i, weights) for i in range(3)))  # expect-also: TC102
    print(results)


asyncio.run(serve())
