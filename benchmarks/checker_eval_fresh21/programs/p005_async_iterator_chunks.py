"""An async iterator (__aiter__/__anext__) streaming output chunks; the consumer reads each
chunk before awaiting its Pending."""

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


async def main() -> None:
    stream = ChunkStream(H.upload(np.ones(32)), 3)
    async for out, pending in stream:
        print(out.to_numpy()[0])  # expect: TC102
        await pending


asyncio.run(main())
