"""A coroutine hands a blocking log call to `asyncio.to_thread` after submitting, and takes the
await for the op's completion."""

from __future__ import annotations

import asyncio

import numpy as np
from llmfern import kernels as K
from llmfern.host import tiles, upload

import tilert as tr


def log(msg: str) -> None:
    print(msg)


async def step(x: tr.Tensor) -> float:
    out = tr.zeros(x.shape[0])
    pending = K.scale(tiles(out), x, 2.0).submit()
    await asyncio.to_thread(log, "submitted")
    total = float(out.to_numpy().sum())  # expect: TC102
    pending.wait()
    return total


print(asyncio.run(step(upload(np.ones(64)))))  # expect-also
