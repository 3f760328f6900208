"""Gradient clipping with an async zeroing task: asyncio.ensure_future schedules a coroutine
given the gradient's plan, and the caller computes the gradient norm before the task has run."""

from __future__ import annotations

import asyncio

import numpy as np

import tilert as tr
from vkit import kernels as K
from vkit.host import tiles, upload

N = 256


async def zero(part: tr.Partition) -> None:
    await K.fill(part, 0.0)


async def clip_and_reset(grad: tr.Tensor) -> float:
    reset = asyncio.ensure_future(zero(tiles(grad)))
    norm = float(np.linalg.norm(grad.to_numpy()))  # expect: TC104
    await reset
    return norm


if __name__ == "__main__":
    g = upload(np.full(N, 0.5), name="grad")
    print(asyncio.run(clip_and_reset(g)), float(g.to_numpy().max()))
