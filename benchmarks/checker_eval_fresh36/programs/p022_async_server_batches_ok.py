"""An asyncio serving loop: requests arrive in a list, each batch's forward is awaited, and the
response is built from the output buffer after the await."""

import asyncio

import numpy as np

import tilert as tr
import tilert.kernels as tk

HIDDEN, VOCAB, MAX_BATCH = 32, 64, 4


class Engine:
    def __init__(self) -> None:
        rng = np.random.default_rng(7)
        self.w = tr.from_numpy(rng.standard_normal((VOCAB, HIDDEN)).astype(np.float32))
        self.x = tr.zeros((MAX_BATCH, HIDDEN), name="x")
        self.logits = tr.zeros((MAX_BATCH, VOCAB), name="logits")

    async def step(self, batch: list[np.ndarray]) -> list[int]:
        rows = np.zeros((MAX_BATCH, HIDDEN), dtype=np.float32)
        rows[: len(batch)] = np.stack(batch)
        self.x.copy_from(rows)
        await tk.linear(self.logits, self.x, self.w)
        return self.logits.to_numpy()[: len(batch)].argmax(axis=1).tolist()


async def serve(requests: list[np.ndarray]) -> list[int]:
    engine = Engine()
    out: list[int] = []
    for i in range(0, len(requests), MAX_BATCH):
        out += await engine.step(requests[i : i + MAX_BATCH])
    return out


reqs = [np.full(HIDDEN, i, dtype=np.float32) for i in range(6)]
print(asyncio.run(serve(reqs)))
