"""An async server handler using an @asynccontextmanager that awaits the launch on exit."""

import asyncio
import contextlib
from collections.abc import AsyncIterator

import numpy as np
from llmorbit import kernels as K
from llmorbit.host import tiles, upload

import tilert as tr


@contextlib.asynccontextmanager
async def launched(op: tr.Op) -> AsyncIterator[tr.Pending]:
    pending = op.submit()
    try:
        yield pending
    finally:
        await pending


async def handle(prompt: np.ndarray) -> float:
    x = upload(prompt)
    logits = tr.zeros(x.shape, name="logits")
    async with launched(K.scale(tiles(logits), x, 0.5)):
        top = float(logits.to_numpy().max())  # expect: TC102
    return top


print(asyncio.run(handle(np.arange(32, dtype=np.float32))))
