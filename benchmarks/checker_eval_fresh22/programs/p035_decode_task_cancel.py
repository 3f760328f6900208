"""A streaming decode task cancelled by the client between submit and wait."""

import asyncio
import contextlib

import numpy as np
from llmorbit import kernels as K
from llmorbit.host import tiles, upload

import tilert as tr


async def decode(hidden: tr.Tensor, steps: int, out: list[float]) -> None:
    logits = tr.zeros(hidden.shape, name="logits")
    for step in range(steps):
        pending = K.scale(tiles(logits), hidden, float(step + 1)).submit()  # expect: TC108
        await asyncio.sleep(0.01)  # stream the previous token to the client meanwhile
        pending.wait()
        out.append(float(logits.to_numpy()[0]))


async def main() -> list[float]:
    tokens: list[float] = []
    task = asyncio.create_task(decode(upload(np.ones(16)), 100, tokens))
    await asyncio.sleep(0.035)
    task.cancel()  # the client disconnected
    with contextlib.suppress(asyncio.CancelledError):
        await task
    return tokens


print(len(asyncio.run(main())))
