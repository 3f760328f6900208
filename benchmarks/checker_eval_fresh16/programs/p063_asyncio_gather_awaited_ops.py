"""Each coroutine awaits its own op; gather collects the results and the host reads them."""

import asyncio

import numpy as np
from llmquill.host import tiles, vec
from llmquill.kernels import scale

import tilert as tr


async def project(x: tr.Tensor, w: float) -> tr.Tensor:
    out = vec(x.shape[0])
    await scale(tiles(out), x, w)
    return out


async def main() -> list[float]:
    x = vec(32, 1.0)
    outs = await asyncio.gather(*(project(x, w) for w in (0.5, 1.0, 1.5)))
    return [float(np.asarray(o).sum()) for o in outs]


assert asyncio.run(main()) == [16.0, 32.0, 48.0]
