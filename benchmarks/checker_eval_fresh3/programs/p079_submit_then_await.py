import asyncio

from llmhost.kernels import scale

import tilert as tr


async def main() -> None:
    x = tr.ones((64,))
    y = tr.zeros((64,))
    op = scale(y.partition((16,)), x, 2.0)
    pending = op.submit()
    await op  # expect: TC110
    await pending


asyncio.run(main())
