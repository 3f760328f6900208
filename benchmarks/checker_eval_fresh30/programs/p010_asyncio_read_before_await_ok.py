"""An asyncio handler submits the embedding lookup, yields, then awaits before reading."""

import asyncio

import numpy as np

import tilert as tr
import tilert.kernels as tk

VOCAB, D = 128, 32
table = tr.from_numpy(np.random.default_rng(0).standard_normal((VOCAB, D)).astype(np.float32))


async def embed(token_ids: list[int]) -> float:
    ids = tr.from_numpy(np.asarray(token_ids, dtype=np.int32))
    out = tr.empty((len(token_ids), D))
    pending = tk.embedding(out, table, ids).submit()
    await asyncio.sleep(0)
    await pending
    return float(out.to_numpy().sum())


print(asyncio.run(embed([3, 1, 4, 1, 5])))
