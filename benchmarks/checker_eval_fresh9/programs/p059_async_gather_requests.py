"""Per-request coroutines on their own streams, gathered by asyncio."""

from __future__ import annotations

import asyncio

import numpy as np
from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr


async def serve(req: int, prompt: tr.Tensor[tr.f32]) -> float:
    out = tr.zeros(prompt.shape)
    with tr.Stream():
        await k.scale(tiles(out), prompt, float(req + 1))
    return float(out.to_numpy().sum())


async def main() -> list[float]:
    prompts = [tr.ones((8,)) for _ in range(3)]
    return list(await asyncio.gather(*(serve(r, p) for r, p in enumerate(prompts))))


np.testing.assert_allclose(asyncio.run(main()), [8, 16, 24])
print("ok")
