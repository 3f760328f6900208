"""An awaitable generation handle: `await handle` should give the finished logits."""

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
        result = self.logits.to_numpy().copy()  # expect: TC102
        yield from self.pending.__await__()
        return result


async def serve() -> int:
    handle = Generation(upload(np.linspace(0, 1, 32)))
    logits = await handle  # expect-also
    return int(np.argmax(logits))


print(asyncio.run(serve()))
