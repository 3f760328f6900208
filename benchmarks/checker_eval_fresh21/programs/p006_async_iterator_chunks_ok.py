"""An async iterator (__aiter__/__anext__) streaming output chunks; each awaited, then read."""

import asyncio

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

import tilert as tr


class ChunkStream:
    def __init__(self, src: tr.Tensor, chunks: int) -> None:
        self.src = src
        self.outs = [tr.zeros(src.shape) for _ in range(chunks)]
        self.i = 0

    def __aiter__(self) -> "ChunkStream":
        return self

    async def __anext__(self) -> tuple[tr.Tensor, tr.Pending]:
        if self.i == len(self.outs):
            raise StopAsyncIteration
        out = self.outs[self.i]
        self.i += 1
        return out, K.scale(H.tiles(out), self.src, float(self.i)).submit()


async def main() -> list[float]:
    firsts = []
    async for out, pending in ChunkStream(H.upload(np.ones(32)), 3):
        await pending
        firsts.append(float(out.to_numpy()[0]))
    return firsts


assert asyncio.run(main()) == [1.0, 2.0, 3.0]
