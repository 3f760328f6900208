import asyncio

import numpy as np
from llmhost.kernels import relu, scale

import tilert as tr


async def step(x: tr.Tensor, a: tr.Tensor, b: tr.Tensor) -> None:
    await tr.zip(relu(a.partition((16,)), x), scale(b.partition((16,)), x, 2.0))


async def main() -> None:
    x = tr.from_numpy(np.linspace(-1, 1, 64, dtype=np.float32))
    a, b = tr.zeros((64,)), tr.zeros((64,))
    await step(x, a, b)
    assert np.allclose(b.to_numpy(), 2 * x.to_numpy())
    assert np.allclose(a.to_numpy(), np.maximum(x.to_numpy(), 0))
    print("await zip ok")


asyncio.run(main())
