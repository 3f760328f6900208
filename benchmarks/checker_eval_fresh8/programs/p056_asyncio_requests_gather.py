"""An asyncio server: one coroutine per request, each on its own stream and buffers, awaiting
its ops; the responses gathered."""

import asyncio

import numpy as np
from llmweave.kernels import add, scale

import tilert as tr


async def serve(rid: int, prompt: tr.Tensor) -> float:
    h = tr.zeros((64,))
    out = tr.zeros((64,))
    with tr.Stream():
        await scale(h.partition((16,)), prompt, 2.0)
        await add(out.partition((16,)), h, prompt)
    return float(out.to_numpy()[0])


async def main() -> list[float]:
    prompts = [tr.full((64,), float(i)) for i in range(3)]
    return await asyncio.gather(*(serve(i, p) for i, p in enumerate(prompts)))


answers = asyncio.run(main())
assert np.allclose(answers, [0.0, 3.0, 6.0])
print(answers)
