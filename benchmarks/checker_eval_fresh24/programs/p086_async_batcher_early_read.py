"""An asyncio micro-batcher: requests queue up, a worker task launches each batch's kernel and
resolves the requests' futures once the launch has completed."""

import asyncio

import numpy as np
from llmbasin import relu

import tilert as tr

HIDDEN = 256
MAX_BATCH = 4


class Batcher:
    def __init__(self) -> None:
        self.queue: asyncio.Queue[tuple[np.ndarray, asyncio.Future]] = asyncio.Queue()
        self.inflight: list[tuple[tr.Pending, tr.Tensor, list[asyncio.Future]]] = []

    async def submit(self, x: np.ndarray) -> np.ndarray:
        fut = asyncio.get_running_loop().create_future()
        await self.queue.put((x, fut))
        return await fut

    def _launch(self, items: list[tuple[np.ndarray, asyncio.Future]]) -> None:
        batch = tr.from_numpy(np.stack([x for x, _ in items]))
        out = tr.empty(batch.shape, name="batch_out")
        pending = relu(out.partition((1, HIDDEN)), batch).submit()
        self.inflight.append((pending, out, [f for _, f in items]))

    async def _finish(self) -> None:
        for pending, out, futures in self.inflight:
            rows = out.to_numpy()  # expect: TC102
            await pending
            for i, fut in enumerate(futures):
                fut.set_result(rows[i].copy())
        self.inflight.clear()

    async def worker(self, n_requests: int) -> None:
        served = 0
        while served < n_requests:
            items = [await self.queue.get()]
            while len(items) < MAX_BATCH and not self.queue.empty():
                items.append(self.queue.get_nowait())
            self._launch(items)
            served += len(items)
            await self._finish()  # expect-also: TC102


async def main() -> None:
    rng = np.random.default_rng(27)
    batcher = Batcher()
    requests = [rng.standard_normal(HIDDEN).astype(np.float32) for _ in range(6)]
    # the worker runs beside the requests; its failure fails the gather
    _, *results = await asyncio.gather(
        batcher.worker(len(requests)), *(batcher.submit(x) for x in requests)
    )
    print([float(r.max()) for r in results])


if __name__ == "__main__":
    asyncio.run(main())
