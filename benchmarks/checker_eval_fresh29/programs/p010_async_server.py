"""An asyncio request handler: each request runs its kernel and awaits it."""

import asyncio

import numpy as np
from llmreef import scale

import tilert as tr


async def handle(request_id: int, payload: np.ndarray) -> float:
    x = tr.from_numpy(payload)
    out = tr.empty(x.shape, name=f"out{request_id}")
    op = scale(out.partition((64,)), x, 2.0)
    pending = op.submit()
    await asyncio.sleep(0)
    total = float(out.to_numpy().sum())  # expect: TC102
    await pending
    return total


async def main() -> None:
    payloads = [np.full(256, i, dtype=np.float32) for i in range(4)]
    requests = [handle(i, p) for i, p in enumerate(payloads)]
    results = await asyncio.gather(*requests)  # expect-also: TC102
    print(results)


asyncio.run(main())  # expect-also: TC102
