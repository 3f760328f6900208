"""An async generation loop; every launch is awaited."""

import asyncio

from llmdelta import add, scale

import tilert as tr


async def step(h, delta, tmp):
    await add(tmp.partition((64,)), h, delta)
    await scale(h.partition((64,)), tmp, 0.5)
    return h


async def generate(n_tokens: int):
    h = tr.ones((256,))
    delta = tr.full((256,), 0.1)
    tmp = tr.zeros((256,))
    for _ in range(n_tokens):
        await step(h, delta, tmp)
    return h.to_numpy()[0]


value = asyncio.run(generate(3))
assert abs(value - 0.2125) < 1e-6, value
print(value)
