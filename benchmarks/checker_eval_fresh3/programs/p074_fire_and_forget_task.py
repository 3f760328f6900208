import asyncio

from llmhost.kernels import bump

import tilert as tr


async def tick(counter: tr.Tensor) -> None:
    bump(counter.partition((16,)), 1.0).submit()  # expect: TC108


async def main() -> None:
    counter = tr.zeros((64,))
    await tick(counter)
    print("ticked")


asyncio.run(main())
