"""asyncio: submit a launch, do other work, then await its Pending."""

import asyncio

from llmdelta import relu

import tilert as tr


async def main():
    x = tr.full((256,), -1.0)
    y = tr.zeros((256,))
    op = relu(y.partition((64,)), x)
    pending = op.submit()
    await asyncio.sleep(0)
    await pending
    return y.to_numpy()


print(asyncio.run(main())[:2])
