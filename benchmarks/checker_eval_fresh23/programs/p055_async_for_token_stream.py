"""Token streaming: an async generator yields each step's logits with its pending launch."""

import asyncio

import numpy as np
from llmpress.host import tiles
from llmpress.kernels import mul

import tilert as tr

VOCAB = 128


async def decode_stream(steps: int):
    base = tr.from_numpy(np.arange(VOCAB, dtype=np.float32))
    for t in range(steps):
        sign = tr.from_numpy(np.full(VOCAB, (-1.0) ** t, dtype=np.float32))
        logits = tr.empty((VOCAB,), name=f"logits{t}")
        yield logits, mul(tiles(logits), base, sign).submit()
        await asyncio.sleep(0)


async def main() -> list[int]:
    tokens = []
    async for logits, pending in decode_stream(3):
        tokens.append(int(np.argmax(logits.to_numpy())))  # expect: TC102
        await pending
    return tokens


print(asyncio.run(main()))
