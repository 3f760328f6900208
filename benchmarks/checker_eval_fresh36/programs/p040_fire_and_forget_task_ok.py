"""An asyncio engine that prefetches the next request's embeddings with a submitted op and
awaits it after the main step, before returning both."""

import asyncio

import numpy as np

import tilert as tr
import tilert.kernels as tk

VOCAB, HIDDEN = 256, 32
table = tr.from_numpy(np.random.default_rng(14).standard_normal((VOCAB, HIDDEN)).astype(np.float32))


async def handle(request_ids: list[int], next_ids: list[int]) -> tuple[float, tr.Tensor]:
    ids = tr.from_numpy(np.array(request_ids, dtype=np.int32))
    nxt = tr.from_numpy(np.array(next_ids, dtype=np.int32))
    h = tr.empty((len(request_ids), HIDDEN))
    h_next = tr.empty((len(next_ids), HIDDEN))
    prefetch = tk.embedding(h_next, table, nxt).submit()
    await tk.embedding(h, table, ids)
    await prefetch
    return float(h.to_numpy().sum()), h_next


total, prefetched = asyncio.run(handle([1, 2, 3], [4, 5]))
print(total, prefetched.shape)
