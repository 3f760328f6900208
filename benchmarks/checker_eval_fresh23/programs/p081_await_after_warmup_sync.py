import asyncio

import numpy as np
from llmpress.host import tiles
from llmpress.kernels import relu

import tilert as tr


class Activation:
    def __init__(self, n: int) -> None:
        self.out = tr.empty((n,))
        self.x = tr.from_numpy(np.linspace(-1, 1, n, dtype=np.float32))
        self.op = relu(tiles(self.out), self.x)
        self.op.sync()  # warm-up, compiles the kernel

    async def __call__(self) -> float:
        await self.op  # expect: TC110
        return float(self.out.to_numpy().max())


act = Activation(256)
print(asyncio.run(act()))  # expect-also
