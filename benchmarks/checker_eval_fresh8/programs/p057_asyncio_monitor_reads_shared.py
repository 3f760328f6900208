"""Two tasks share a running-stats buffer: the worker submits its update and yields to the
loop before waiting; the monitor task reads the stats meanwhile."""

import asyncio

from llmweave.kernels import accumulate

import tilert as tr

stats = tr.zeros((64,), name="stats")
batch = tr.ones((64,))


async def worker() -> None:
    pending = accumulate(stats.partition((16,)), batch).submit()
    await asyncio.sleep(0)
    await pending


async def monitor() -> float:
    await asyncio.sleep(0)
    return float(stats.to_numpy().sum())  # expect: TC102


async def main() -> None:
    _, seen = await asyncio.gather(worker(), monitor())  # expect-also
    print(seen)


asyncio.run(main())
