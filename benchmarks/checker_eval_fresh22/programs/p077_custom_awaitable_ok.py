"""An awaitable generation handle: `await handle` gives the finished logits."""

import asyncio
from collections.abc import Generator
from typing import Any

import numpy as np
from llmorbit import kernels as K
from llmorbit.host import tiles, upload

import tilert as tr


class Generation:
    def __init__(self, hidden: tr.Tensor) -> None:
        self.logits = tr.zeros(hidden.shape, name="logits")
        self.pending = K.scale(tiles(self.logits), hidden, 3.0).submit()

    def __await__(self) -> Generator[Any, None, np.ndarray]:
        yield from self.pending.__await__()
        return self.logits.to_numpy().copy()


async def serve() -> int:
    handle = Generation(upload(np.linspace(0, 1, 32)))
    logits = await handle
    assert abs(float(logits[-1]) - 3.0) < 1e-6
    return int(np.argmax(logits))


assert asyncio.run(serve()) == 31
