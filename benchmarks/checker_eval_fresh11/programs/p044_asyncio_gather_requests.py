"""Requests served by asyncio tasks, each awaiting its own op; gathered."""

import asyncio

import numpy as np
from llmkit import kernels as K
from llmkit.host import tiles

import tilert as tr


async def serve(req_id: int, prompt: tr.Tensor) -> float:
    out = tr.zeros(prompt.shape)
    await K.scale(tiles(out), prompt, float(req_id))
    await asyncio.sleep(0)
    return float(out.to_numpy().sum())


async def main() -> list[float]:
    prompt = tr.ones((128,))
    return await asyncio.gather(*(serve(i, prompt) for i in range(4)))


totals = asyncio.run(main())
assert totals == [0.0, 128.0, 256.0, 384.0], totals
assert np.isfinite(totals).all()
