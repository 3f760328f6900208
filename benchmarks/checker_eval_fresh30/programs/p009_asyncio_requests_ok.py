"""An asyncio server loop: each request gets its own output buffer and awaits its op."""

import asyncio

import numpy as np

import tilert as tr
import tilert.kernels as tk

VOCAB, D = 128, 32
table = tr.from_numpy(np.random.default_rng(0).standard_normal((VOCAB, D)).astype(np.float32))


async def embed(request_id: int, token_ids: list[int]) -> tuple[int, float]:
    ids = tr.from_numpy(np.asarray(token_ids, dtype=np.int32))
    out = tr.empty((len(token_ids), D))
    await tk.embedding(out, table, ids)
    return request_id, float(out.to_numpy().sum())


async def serve() -> None:
    requests = {1: [1, 2, 3], 2: [5, 5], 3: [100, 7, 8, 9]}
    results = await asyncio.gather(*(embed(rid, toks) for rid, toks in requests.items()))
    for rid, total in sorted(results):
        print(rid, round(total, 3))


asyncio.run(serve())
