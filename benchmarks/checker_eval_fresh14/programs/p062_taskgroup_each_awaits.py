"""Requests in an `asyncio.TaskGroup`, each task awaiting its own Pending before returning."""

import asyncio

import numpy as np
from llmtide import kernels as K
from llmtide.host import tiles

import tilert as tr


async def serve(i: int, x: tr.Tensor) -> np.ndarray:
    out = tr.zeros((16,), name=f"req{i}")
    await K.scale(tiles(out), x, float(i)).submit()
    return out.to_numpy()


async def main() -> list[np.ndarray]:
    x = tr.ones((16,))
    async with asyncio.TaskGroup() as group:
        tasks = [group.create_task(serve(i, x)) for i in range(3)]
    return [t.result() for t in tasks]


outs = asyncio.run(main())
assert [float(o[0]) for o in outs] == [0.0, 1.0, 2.0]
