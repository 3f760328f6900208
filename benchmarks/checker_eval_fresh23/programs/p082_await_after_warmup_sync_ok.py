import asyncio

import numpy as np
from llmpress.host import tiles
from llmpress.kernels import relu

import tilert as tr


class Activation:
    def __init__(self, n: int) -> None:
        self.out = tr.empty((n,))
        self.x = tr.from_numpy(np.linspace(-1, 1, n, dtype=np.float32))
        self.build().sync()  # warm-up, compiles the kernel

    def build(self) -> tr.Op:
        return relu(tiles(self.out), self.x)

    async def __call__(self) -> float:
        await self.build()
        return float(self.out.to_numpy().max())


act = Activation(256)
assert asyncio.run(act()) == 1.0
