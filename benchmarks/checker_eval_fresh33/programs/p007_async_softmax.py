"""A toy asyncio server: each request runs softmax over its logits and returns the top id."""

import asyncio

import numpy as np

import tilert as tr
import tilert.kernels as tk

VOCAB = 256


async def handle(req_id: int, logits: tr.Tensor) -> int:
    probs = tr.empty(logits.shape)
    pend = tk.softmax(probs, logits).submit()
    await asyncio.sleep(0)  # let other requests submit
    top = int(np.argmax(probs.to_numpy()[0]))  # expect: TC102
    await pend
    return top


async def main() -> None:
    rng = np.random.default_rng(7)
    reqs = [tr.from_numpy(rng.standard_normal((1, VOCAB)).astype(np.float32)) for _ in range(4)]
    tops = await asyncio.gather(*(handle(i, r) for i, r in enumerate(reqs)))  # expect-also: TC102
    print("top ids:", tops)


asyncio.run(main())
