import asyncio

from llmhost.kernels import scale

import tilert as tr


async def handle(request_id: int, x: tr.Tensor) -> float:
    out = tr.zeros(x.shape)
    pending = scale(out.partition((16,)), x, float(request_id)).submit()
    await asyncio.sleep(0)  # let other requests in
    total = float(out.to_numpy().sum())  # expect: TC102
    await pending
    return total


async def main() -> None:
    x = tr.ones((64,))
    print(await asyncio.gather(*(handle(i, x) for i in range(2))))


asyncio.run(main())
