"""Requests served as asyncio tasks that return `(out, pending)`; after
`asyncio.wait(..., return_when=FIRST_COMPLETED)` every request's output is read, though only
the finished tasks' Pendings were waited."""

import asyncio

from llmtide import kernels as K
from llmtide.host import tiles

import tilert as tr


async def serve(i: int, x: tr.Tensor) -> tuple[tr.Tensor, tr.Pending]:
    out = tr.zeros((16,), name=f"req{i}")
    await asyncio.sleep(0.001 * i)
    return out, K.scale(tiles(out), x, float(i)).submit()


async def main() -> None:
    x = tr.ones((16,))
    tasks = [asyncio.create_task(serve(i, x)) for i in range(3)]
    finished, rest = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    for t in finished:
        t.result()[1].wait()
    await asyncio.gather(*rest)
    outs = [t.result()[0].to_numpy() for t in tasks]  # expect: TC102
    for t in tasks:
        t.result()[1].wait()
    print([o[0] for o in outs])


asyncio.run(main())
