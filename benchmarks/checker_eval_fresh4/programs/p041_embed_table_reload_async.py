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
    pending = tk.embedding(out, table, idx).submit()
    await asyncio.sleep(0)
    await pending
    return out.to_numpy()


async def reload_weights() -> None:
    await asyncio.sleep(0)
    table.copy_from(np.zeros((VOCAB, DIM), dtype=np.float32))  # expect: TC103


async def main() -> None:
    await asyncio.gather(embed([1, 2, 3]), reload_weights())


asyncio.run(main())
