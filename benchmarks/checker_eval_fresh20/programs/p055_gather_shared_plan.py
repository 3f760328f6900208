"""asyncio.gather of two launch coroutines handed the same plan."""

import asyncio

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import upload

import tilert as tr


async def launch(plan: tr.Partition, x: tr.Tensor, factor: float) -> None:
    await K.axpy(plan, x, factor)  # expect: TC109


async def main() -> None:
    acc, x = tr.zeros((32,)), upload(np.arange(32))
    plan = acc.partition((16,))
    await asyncio.gather(*(launch(plan, x, f) for f in (0.5, 0.25)))  # expect-also


asyncio.run(main())
