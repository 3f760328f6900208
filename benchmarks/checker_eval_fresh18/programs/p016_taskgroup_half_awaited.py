"""Q and K projections launched from an ``asyncio.TaskGroup``: the Q task awaits its op, the K
task hands back its Pending unawaited, and the caller reads both outputs."""

import asyncio

import numpy as np
from llmkiln import kernels as K
from llmkiln.host import tiles, vec

import tilert as tr


async def project_q(h: tr.Tensor[tr.f32]) -> tr.Tensor[tr.f32]:
    q = tr.empty(h.shape)
    await K.scale(tiles(q), h, 0.125)
    return q


async def project_k(h: tr.Tensor[tr.f32]) -> tuple[tr.Tensor[tr.f32], tr.Pending]:
    k = tr.empty(h.shape)
    return k, K.scale(tiles(k), h, 0.5).submit()


async def main() -> None:
    h = vec(np.arange(256) / 16)
    async with asyncio.TaskGroup() as tg:
        tq = tg.create_task(project_q(h))
        tk_ = tg.create_task(project_k(h))
    q = tq.result()
    k, k_done = tk_.result()
    score = float(q.to_numpy() @ k.to_numpy())  # expect: TC102
    k_done.wait()
    print(score)


asyncio.run(main())
