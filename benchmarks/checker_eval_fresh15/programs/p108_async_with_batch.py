"""An async context manager that awaits its block's Pendings on exit; outputs read after it."""

import asyncio

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles, vec

import tilert as tr


class Batch:
    def __init__(self) -> None:
        self.pending = []

    async def __aenter__(self) -> "Batch":
        return self

    def launch(self, op) -> None:
        self.pending.append(op.submit())

    async def __aexit__(self, *exc: object) -> None:
        for p in self.pending:
            await p


async def main() -> list[float]:
    x = vec(np.arange(32))
    outs = [tr.zeros((32,)) for _ in range(3)]
    async with Batch() as batch:
        for i, o in enumerate(outs):
            batch.launch(K.scale(tiles(o), x, float(i)))
    return [float(o.to_numpy()[2]) for o in outs]


assert asyncio.run(main()) == [0.0, 2.0, 4.0]
