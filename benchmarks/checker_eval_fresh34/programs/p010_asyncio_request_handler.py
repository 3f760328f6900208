"""An asyncio serving front end: each request embeds its prompt and pools it on the device;
handlers run concurrently, each with its own buffers."""

import asyncio

import numpy as np

import tilert as tr
import tilert.kernels as tk

VOCAB, HIDDEN = 128, 32
table = tr.from_numpy(np.random.default_rng(10).standard_normal((VOCAB, HIDDEN)).astype(np.float32))


async def handle(request_id: int, prompt: list[int]) -> dict[str, object]:
    ids = tr.from_numpy(np.array(prompt, dtype=np.int32))
    hidden = tr.empty((len(prompt), HIDDEN), name=f"hidden_{request_id}")
    pending = tk.embedding(hidden, table, ids).submit()
    await asyncio.sleep(0)  # let other requests launch
    vec = hidden.to_numpy().mean(axis=0)  # expect: TC102
    await pending
    return {"id": request_id, "embedding_norm": float(np.linalg.norm(vec))}


async def main() -> None:
    prompts = {1: [3, 4, 5], 2: [9, 9], 3: [1, 2, 3, 4, 5, 6]}
    handlers = [handle(rid, p) for rid, p in prompts.items()]
    results = await asyncio.gather(*handlers)  # expect-also: TC102
    for r in results:
        print(r)


asyncio.run(main())
