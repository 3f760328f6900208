"""Q and K projections launched from an ``asyncio.TaskGroup``, each task awaiting its own op;
the caller reads both outputs after the group."""

import asyncio

import numpy as np
from llmkiln import kernels as K
from llmkiln.host import tiles, vec

import tilert as tr


async def project(h: tr.Tensor[tr.f32], a: float) -> tr.Tensor[tr.f32]:
    out = tr.empty(h.shape)
    await K.scale(tiles(out), h, a)
    return out


async def main() -> float:
    raw = np.arange(256, dtype=np.float32) / 16
    h = vec(raw)
    async with asyncio.TaskGroup() as tg:
        tq = tg.create_task(project(h, 0.125))
        tk_ = tg.create_task(project(h, 0.5))
    score = float(tq.result().to_numpy() @ tk_.result().to_numpy())
    assert np.isclose(score, float((raw * 0.125) @ (raw * 0.5)), rtol=1e-5)
    return score


asyncio.run(main())
