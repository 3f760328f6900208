"""An async inference step where the activation's output tensor is passed as is."""

import asyncio

import numpy as np
from llmcove import add, relu

import tilert as tr


async def step(x: tr.Tensor, bias: tr.Tensor, hidden: tr.Tensor, out: tr.Tensor) -> None:
    await add(hidden.partition((256,)), x, bias)
    await relu(out, hidden)  # expect: TC106


async def main() -> None:
    x = tr.from_numpy(np.linspace(-2, 2, 1024, dtype=np.float32))
    bias = tr.full((1024,), 0.5)
    hidden, out = tr.empty((1024,)), tr.empty((1024,))
    await step(x, bias, hidden, out)  # expect-also: TC106
    print(out.to_numpy()[:4])


asyncio.run(main())
