"""Streaming decode under a deadline: asyncio.wait_for cancels the decode coroutine while it
sleeps between a launch's submit and its wait, and the wait sits in a finally."""

from __future__ import annotations

import asyncio

import numpy as np

import tilert as tr
from vkit import kernels as K
from vkit.host import tiles, upload

VOCAB = 256


async def stream_tokens(hidden: tr.Tensor, logits: tr.Tensor, steps: int) -> list[int]:
    tokens = []
    for step in range(steps):
        pending = K.scale(tiles(logits), hidden, 1.0 + step).submit()
        try:
            await asyncio.sleep(0.5)  # yield to the server loop while the launch runs
        finally:
            pending.wait()
        tokens.append(int(np.argmax(logits.to_numpy())))
    return tokens


async def serve() -> list[int]:
    hidden = upload(np.cos(np.arange(VOCAB) / 5.0), name="hidden")
    logits = tr.zeros(VOCAB, name="logits")
    try:
        return await asyncio.wait_for(stream_tokens(hidden, logits, 4), timeout=0.05)
    except TimeoutError:
        return []


if __name__ == "__main__":
    print("tokens:", asyncio.run(serve()))
