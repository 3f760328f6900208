from __future__ import annotations

import asyncio

import numpy as np

import tilert as tr
import tilert.kernels as tk

VOCAB, DIM = 16, 32
table = tr.from_numpy(np.arange(VOCAB * DIM, dtype=np.float32).reshape(VOCAB, DIM))


async def embed(ids: list[int]) -> np.ndarray:
    out = tr.empty((len(ids), DIM))
    idx = tr.from_numpy(np.array(ids, dtype=np.int32))
    await tk.embedding(out, table, idx)
    return out.to_numpy()


async def main() -> None:
    first = await embed([1, 2, 3])
    table.copy_from(np.zeros((VOCAB, DIM), dtype=np.float32))
    second = await embed([1, 2, 3])
    assert first[0, 0] == DIM and not second.any()


asyncio.run(main())
