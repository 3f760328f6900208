"""Gradient clipping with an async zeroing task: asyncio.ensure_future schedules a coroutine
given the gradient itself (it partitions when it runs); the caller computes the norm first."""

from __future__ import annotations

import asyncio

import numpy as np

import tilert as tr
from vkit import kernels as K
from vkit.host import tiles, upload

N = 256


async def zero(t: tr.Tensor) -> None:
    await K.fill(tiles(t), 0.0)


async def clip_and_reset(grad: tr.Tensor) -> float:
    reset = asyncio.ensure_future(zero(grad))
    norm = float(np.linalg.norm(grad.to_numpy()))
    await reset
    return norm


if __name__ == "__main__":
    g = upload(np.full(N, 0.5), name="grad")
    print(asyncio.run(clip_and_reset(g)), float(g.to_numpy().max()))
