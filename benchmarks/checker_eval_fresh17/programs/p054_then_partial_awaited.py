"""A `.then` chain with a `functools.partial` callback is awaited before the output is read."""

import asyncio
from functools import partial

import numpy as np
from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr


def rescale(hp: tr.Partition, *_: object, a: float) -> tr.Op:
    return K.scale_(hp, a)


async def main() -> None:
    h = tr.empty((64,), name="h")
    x = tr.full((64,), 4.0)
    await K.copy(tiles(h), x).then(partial(rescale, a=0.25))
    assert np.all(h.to_numpy() == 1.0)
    print("h:", h.to_numpy()[:2])


asyncio.run(main())
