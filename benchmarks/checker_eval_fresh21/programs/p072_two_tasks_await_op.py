"""Two asyncio tasks share one prefetch op; each awaits it, and the second await runs it again."""

import asyncio

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

import tilert as tr


async def reader(name: str, op: tr.Op, buf: tr.Tensor) -> float:
    await op  # expect: TC110
    return float(buf.to_numpy().sum())


async def main() -> None:
    buf = tr.zeros((32,))
    prefetch = K.copy(H.tiles(buf), H.upload(np.ones(32)))
    await asyncio.gather(reader("a", prefetch, buf), reader("b", prefetch, buf))


asyncio.run(main())
