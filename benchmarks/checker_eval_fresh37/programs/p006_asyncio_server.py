"""A tiny request loop: each request is scaled on the device and answered."""

import asyncio

import numpy as np
from hostkit import scale

import tilert as tr


async def handle(request_id: int, payload: np.ndarray) -> float:
    x = tr.from_numpy(payload)
    y = tr.empty(x.shape)
    op = scale(y.partition((128,)), x, 2.0)
    task = asyncio.ensure_future(op)
    result = float(y.to_numpy().sum())  # expect: TC102
    await task
    return result


async def serve(n_requests: int) -> list[float]:
    payloads = [np.full(256, i, dtype=np.float32) for i in range(n_requests)]
    return [await handle(i, p) for i, p in enumerate(payloads)]


print(asyncio.run(serve(3)))
