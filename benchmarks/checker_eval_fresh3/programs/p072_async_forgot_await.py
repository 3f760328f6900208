import asyncio

from llmhost.kernels import scale

import tilert as tr


async def prefill(x: tr.Tensor, out: tr.Tensor) -> None:
    await scale(out.partition((16,)), x, 2.0)


async def decode(x: tr.Tensor, out: tr.Tensor) -> None:
    scale(out.partition((16,)), x, 3.0)  # expect: TC105


async def main() -> None:
    x = tr.ones((64,))
    a, b = tr.zeros((64,)), tr.zeros((64,))
    await prefill(x, a)
    await decode(x, b)
    print(a.to_numpy()[0])


asyncio.run(main())
