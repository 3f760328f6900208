"""An async worker that partitions its output early, then awaits the input's producer and
validates the output buffer on the host."""

import asyncio

import numpy as np
from llmcove import copy, relu

import tilert as tr


async def worker(src: tr.Tensor, out: tr.Tensor, staged: tr.Tensor) -> None:
    out_tiles = out.partition((256,))
    await copy(staged.partition((256,)), src)
    if not np.isfinite(out.to_numpy()).all():  # expect: TC104
        out.copy_from(np.zeros(out.shape, dtype=np.float32))
    await relu(out_tiles, staged)


async def main() -> None:
    src = tr.from_numpy(np.linspace(-1, 1, 1024, dtype=np.float32))
    out = tr.empty((1024,))
    staged = tr.empty((1024,))
    await worker(src, out, staged)  # expect-also: TC104
    print(out.to_numpy()[-4:])


asyncio.run(main())
