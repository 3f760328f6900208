"""An asyncio front end streaming tokens: the handler submits the step, yields to the event
loop, and reads the token before awaiting the step."""

import asyncio

import numpy as np

import tilert as tr
import tilert.kernels as tk

VOCAB = 30


async def handle(rid: int, logits: tr.Tensor, out: list[int]) -> None:
    token = tr.zeros((1,), dtype=tr.i32)
    pending = tk.argmax(token, logits).submit()
    await asyncio.sleep(0)
    out.append(int(token.to_numpy()[0]))  # expect: TC102
    await pending


async def main() -> None:
    rng = np.random.default_rng(9)
    streams: dict[int, list[int]] = {i: [] for i in range(2)}
    tasks = []
    for i in range(2):
        logits = tr.from_numpy(rng.standard_normal((1, VOCAB)).astype(np.float32))
        tasks.append(asyncio.create_task(handle(i, logits, streams[i])))
    await asyncio.gather(*tasks)  # expect-also: TC102
    print(streams)


asyncio.run(main())
