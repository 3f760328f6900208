"""A coroutine captures a step and awaits a warm-up op inside the capture."""

import asyncio

from llmrig import kernels as K

import tilert as tr


async def capture(x: tr.Tensor, y: tr.Tensor, z: tr.Tensor) -> tr.Graph:
    with tr.graph() as g:
        g.record(K.scale(y.partition((64,)), x, 2.0))
        await K.scale(z.partition((64,)), x, 1.0)  # expect: TC111
    return g


g = asyncio.run(capture(tr.arange(128), tr.zeros(128), tr.zeros(128)))  # expect-also
g.close()
