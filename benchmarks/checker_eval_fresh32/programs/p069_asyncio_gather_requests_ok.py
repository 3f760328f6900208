"""An asyncio front end: each request coroutine submits its work and awaits the Pending; the
server gathers them."""

import asyncio

import numpy as np
from llmcraft import add, silu

import tilert as tr

D = 256


async def generate(prompt: tr.Tensor, bias: tr.Tensor) -> float:
    act = tr.empty((D,), name="act")
    out = tr.empty((D,), name="out")
    await silu(act.partition((64,)), prompt).submit()
    await add(out.partition((64,)), act, bias)
    return float(out.to_numpy().sum())


async def main() -> list[float]:
    bias = tr.full((D,), 0.5, name="bias")
    prompts = [tr.from_numpy(np.full(D, float(i), dtype=np.float32)) for i in range(3)]
    return list(await asyncio.gather(*(generate(p, bias) for p in prompts)))


print(asyncio.run(main()))
