"""Two asyncio tasks share one prefetch Pending; each awaits it (waiting twice is allowed)."""

import asyncio

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

import tilert as tr


async def reader(pending: tr.Pending, buf: tr.Tensor) -> float:
    await pending
    return float(buf.to_numpy().sum())


async def main() -> list[float]:
    buf = tr.zeros((32,))
    pending = K.copy(H.tiles(buf), H.upload(np.ones(32))).submit()
    return list(await asyncio.gather(reader(pending, buf), reader(pending, buf)))


assert asyncio.run(main()) == [32.0, 32.0]
