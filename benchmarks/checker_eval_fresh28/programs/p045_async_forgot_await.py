"""An async generation loop; one launch is made without `await`."""

import asyncio

from llmdelta import add, scale

import tilert as tr


async def step(h, delta, tmp):
    await add(tmp.partition((64,)), h, delta)
    scale(h.partition((64,)), tmp, 0.5)  # expect: TC105
    return h


async def generate(n_tokens: int):
    h = tr.ones((256,))
    delta = tr.full((256,), 0.1)
    tmp = tr.zeros((256,))
    for _ in range(n_tokens):
        await step(h, delta, tmp)  # expect-also: TC105
    return h.to_numpy()[0]


print(asyncio.run(generate(3)))
