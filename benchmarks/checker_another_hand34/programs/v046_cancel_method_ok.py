"""A request handler running decode as an asyncio task; a client disconnect cancels the task
while it awaits between submit and wait, and the wait sits in a finally."""

from __future__ import annotations

import asyncio

import numpy as np

import tilert as tr
from vkit import kernels as K
from vkit.host import tiles, upload

VOCAB = 128


class Handler:
    def __init__(self) -> None:
        self.hidden = upload(np.sin(np.arange(VOCAB)), name="hidden")
        self.logits = tr.zeros(VOCAB, name="logits")
        self.tokens: list[int] = []

    async def decode(self, steps: int) -> None:
        for step in range(steps):
            pending = K.scale(tiles(self.logits), self.hidden, 1.0 + step).submit()
            try:
                await asyncio.sleep(0.2)
            finally:
                pending.wait()
            self.tokens.append(int(np.argmax(self.logits.to_numpy())))

    async def serve(self) -> list[int]:
        task = asyncio.create_task(self.decode(5))
        await asyncio.sleep(0.01)
        task.cancel()
        try:
            await task
        except asyncio.CancelledError:
            pass
        return self.tokens


if __name__ == "__main__":
    print(asyncio.run(Handler().serve()))
