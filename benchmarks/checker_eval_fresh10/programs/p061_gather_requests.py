"""Requests served by asyncio tasks, each awaiting its own op; gathered, then read."""

import asyncio

import numpy as np
from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
from tilert import Tensor, f32


async def serve(prompt: Tensor[f32], temp: float) -> np.ndarray:
    out = tr.zeros(prompt.shape, dtype=f32)
    await k.scale(tiles(out), prompt, 1.0 / temp)
    return out.to_numpy()


async def main() -> list[np.ndarray]:
    prompt = tr.arange(8, dtype=f32)
    return await asyncio.gather(*(serve(prompt, t) for t in (1.0, 2.0, 4.0)))


results = asyncio.run(main())
np.testing.assert_allclose(results[2], np.arange(8) / 4)
