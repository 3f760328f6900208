import asyncio

from hostkit import scale

import tilert as tr

N = 1024
x = tr.ones((N,))


async def compute(factor):
    out = tr.empty((N,))
    op = scale(out.partition((128,)), x, factor)
    pend = op.submit()
    await asyncio.sleep(0)
    pend.wait()
    return float(out.to_numpy()[0])


async def main():
    return await asyncio.gather(compute(1.0), compute(2.0))


print(asyncio.run(main()))
