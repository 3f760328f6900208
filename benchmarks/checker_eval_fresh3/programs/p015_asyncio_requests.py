"""Per-request asyncio tasks, each with its own output and stream."""

import asyncio

from llmhost.kernels import scale

import tilert as tr


async def handle(request_id: int, x: tr.Tensor) -> float:
    out = tr.zeros(x.shape)
    with tr.Stream():
        pending = scale(out.partition((16,)), x, float(request_id)).submit()
    await pending
    return float(out.to_numpy().sum())


async def main() -> None:
    x = tr.ones((64,))
    totals = await asyncio.gather(*(handle(i, x) for i in range(4)))
    assert totals == [0.0, 64.0, 128.0, 192.0], totals
    print("served", totals)


asyncio.run(main())
