"""Async decoding: a decoder's step() is an @asynccontextmanager method that submits the logits
launch, yields the logits and awaits the launch on exit; inside the block only the launch's
input and the logits' shape are read, the sampling comes after the block."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

import numpy as np

import tilert as tr
from vkit import kernels as K
from vkit.host import tiles, upload

VOCAB = 512


class Decoder:
    def __init__(self) -> None:
        self.hidden = upload(np.sin(np.arange(VOCAB) / 7.0), name="hidden")
        self.logits = tr.zeros(VOCAB, name="logits")

    @contextlib.asynccontextmanager
    async def step(self, temperature: float) -> AsyncIterator[tr.Tensor]:
        pending = K.scale(tiles(self.logits), self.hidden, 1.0 / temperature).submit()
        try:
            yield self.logits
        finally:
            await pending


async def generate(steps: int) -> list[int]:
    dec = Decoder()
    tokens = []
    for t in range(steps):
        async with dec.step(0.7 + 0.1 * t) as logits:
            assert logits.shape == (VOCAB,)
            bias = float(dec.hidden.to_numpy().mean())  # the launch only reads hidden
        tokens.append(int(np.argmax(logits.to_numpy() + bias)))
    return tokens


if __name__ == "__main__":
    print(asyncio.run(generate(3)))
