import asyncio

from hostkit import scale

import tilert as tr

N = 1024
x = tr.ones((N,))
out = tr.empty((N,))


async def compute(factor):
    op = scale(out.partition((128,)), x, factor)  # expect: TC102
    pend = op.submit()
    await asyncio.sleep(0)
    pend.wait()
    return float(out.to_numpy()[0])


async def main():
    return await asyncio.gather(compute(1.0), compute(2.0))  # expect-also: TC102


print(asyncio.run(main()))  # expect-also: TC102
