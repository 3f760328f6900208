"""An asyncio request handler: launch the request's postprocessing, answer from the result."""

import asyncio

import numpy as np
from llmbasin import scale

import tilert as tr

VOCAB = 4096


async def handle(request_id: int, logits: tr.Tensor, temperature: float) -> int:
    probs = tr.empty((VOCAB,), name=f"probs{request_id}")
    pending = scale(probs.partition((1024,)), logits, 1.0 / temperature).submit()
    await asyncio.sleep(0)  # let other requests launch
    await pending
    return int(np.argmax(probs.to_numpy()))


async def serve() -> None:
    rng = np.random.default_rng(1)
    logits = [tr.from_numpy(rng.standard_normal(VOCAB).astype(np.float32)) for _ in range(3)]
    tokens = await asyncio.gather(*(handle(i, lg, 0.7) for i, lg in enumerate(logits)))
    print(tokens)


if __name__ == "__main__":
    asyncio.run(serve())
