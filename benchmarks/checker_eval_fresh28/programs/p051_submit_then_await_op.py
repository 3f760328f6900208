"""asyncio: submit a launch, then await the op instead of its Pending."""

import asyncio

from llmdelta import relu

import tilert as tr


async def main():
    x = tr.full((256,), -1.0)
    y = tr.zeros((256,))
    op = relu(y.partition((64,)), x)
    pending = op.submit()
    await asyncio.sleep(0)
    await op  # expect: TC110
    return pending


asyncio.run(main())
