"""An asyncio decode step awaits one `.then` chain: fill, then axpy, then scale, the output
partition moving along the chain; the host reads after the await."""

from __future__ import annotations

import asyncio

from llmforge import kernels as k

import tilert as tr


async def step(h: tr.Tensor, x: tr.Tensor) -> float:
    chain = (
        k.fill(h.partition((16,)), 1.0)
        .then(lambda hp, *_: k.axpy(hp, x, 2.0))
        .then(lambda hp, *_: k.scale_(hp, 0.5))
    )
    await chain
    return float(h.to_numpy()[0])


h, x = tr.empty((64,)), tr.ones((64,))
value = asyncio.run(step(h, x))
assert value == 1.5, value
print(value)
