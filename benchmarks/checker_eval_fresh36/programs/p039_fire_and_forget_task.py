"""An asyncio engine that prefetches the next request's embeddings with a submitted op it never
waits on: the request handler only awaits the main step."""

import asyncio

import numpy as np

import tilert as tr
import tilert.kernels as tk

VOCAB, HIDDEN = 256, 32
table = tr.from_numpy(np.random.default_rng(14).standard_normal((VOCAB, HIDDEN)).astype(np.float32))


async def handle(request_ids: list[int], next_ids: list[int]) -> float:
    ids = tr.from_numpy(np.array(request_ids, dtype=np.int32))
    nxt = tr.from_numpy(np.array(next_ids, dtype=np.int32))
    h = tr.empty((len(request_ids), HIDDEN))
    h_next = tr.empty((len(next_ids), HIDDEN))
    tk.embedding(h_next, table, nxt).submit()  # expect: TC108
    await tk.embedding(h, table, ids)
    return float(h.to_numpy().sum())


print(asyncio.run(handle([1, 2, 3], [4, 5])))  # expect-also: TC108
