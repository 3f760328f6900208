"""An asyncio request handler: launch the op, peek at the output before awaiting it."""

import asyncio

import numpy as np
from llmcove import add, silu

import tilert as tr


async def handle(request_id: int, x: tr.Tensor, bias: tr.Tensor) -> float:
    out = tr.empty(x.shape)
    act = tr.empty(x.shape)
    pending = add(out.partition((128,)), x, bias).submit()
    if request_id == 0:
        print("peek", out.to_numpy()[:2])  # expect: TC102
    await pending
    await silu(act.partition((128,)), out)
    return float(np.mean(act.to_numpy()))


async def main() -> None:
    bias = tr.ones((1024,))
    xs = [tr.full((1024,), float(i)) for i in range(3)]
    results = await asyncio.gather(*(handle(i, x, bias) for i, x in enumerate(xs)))
    print(results)


asyncio.run(main())
