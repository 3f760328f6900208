from __future__ import annotations

import asyncio

from llmrun.kernels import add, fill, scale

import tilert as tr


async def layer(k: tr.Tensor, v: tr.Tensor, x: tr.Tensor) -> None:
    await tr.zip(add(k.partition((16,)), x, x), fill(v.partition((16,)), 1.0))
    with tr.Stream():
        await scale(k.partition((16,)), 0.5).then(lambda kp, *_: scale(kp, 4.0))


async def main() -> None:
    kv = tr.zeros((2, 64))
    x = tr.ones((64,))
    await layer(kv[0], kv[1], x)
    assert kv.to_numpy().tolist() == [[4.0] * 64, [1.0] * 64]


asyncio.run(main())
