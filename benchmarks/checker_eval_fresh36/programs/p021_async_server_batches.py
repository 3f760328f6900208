"""An asyncio serving loop: requests arrive in a list, each batch's forward is awaited, and the
response is built from the output buffer. One handler reads the output before awaiting."""

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
        op = tk.linear(self.logits, self.x, self.w)
        task = asyncio.ensure_future(op)
        top = self.logits.to_numpy()[: len(batch)].argmax(axis=1)  # expect: TC102
        await task
        return top.tolist()


async def serve(requests: list[np.ndarray]) -> list[int]:
    engine = Engine()
    out: list[int] = []
    for i in range(0, len(requests), MAX_BATCH):
        out += await engine.step(requests[i : i + MAX_BATCH])  # expect-also: TC102
    return out


reqs = [np.full(HIDDEN, i, dtype=np.float32) for i in range(6)]
print(asyncio.run(serve(reqs)))
