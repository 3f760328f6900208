"""An asyncio front end streaming tokens: each handler awaits its step before reading the
token; the handlers run concurrently under asyncio.gather."""

import asyncio

import numpy as np

import tilert as tr
import tilert.kernels as tk

VOCAB = 30


async def handle(rid: int, logits: tr.Tensor, out: list[int]) -> None:
    token = tr.zeros((1,), dtype=tr.i32)
    pending = tk.argmax(token, logits).submit()
    await asyncio.sleep(0)
    await pending
    out.append(int(token.to_numpy()[0]))


async def main() -> None:
    rng = np.random.default_rng(9)
    streams: dict[int, list[int]] = {i: [] for i in range(2)}
    tasks = []
    for i in range(2):
        logits = tr.from_numpy(rng.standard_normal((1, VOCAB)).astype(np.float32))
        tasks.append(asyncio.create_task(handle(i, logits, streams[i])))
    await asyncio.gather(*tasks)
    print(streams)


asyncio.run(main())
