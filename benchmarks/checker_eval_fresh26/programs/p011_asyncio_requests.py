"""A toy async server: each request scales its own prompt embedding; responses are gathered."""

import asyncio

import numpy as np
from llmfjord import scale

import tilert as tr

DIM = 512


async def handle(req_id: int, prompt: tr.Tensor) -> float:
    out = tr.empty((DIM,), name=f"resp{req_id}")
    pending = scale(out.partition((128,)), prompt, 1.0 / (req_id + 1)).submit()
    await asyncio.sleep(0)  # let the other requests get going
    score = float(out.to_numpy().sum())  # expect: TC102
    await pending
    return score


async def main() -> None:
    prompts = [tr.from_numpy(np.full(DIM, i + 1, np.float32)) for i in range(3)]
    tasks = [handle(i, p) for i, p in enumerate(prompts)]
    scores = await asyncio.gather(*tasks)  # expect-also: TC102
    print(scores)


asyncio.run(main())
