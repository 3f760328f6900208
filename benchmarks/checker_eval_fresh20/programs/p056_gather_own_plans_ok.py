"""asyncio.gather of two launch coroutines, each writing its own buffer through its own plan."""

import asyncio

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import upload

import tilert as tr


async def launch(plan: tr.Partition, x: tr.Tensor, factor: float) -> None:
    await K.axpy(plan, x, factor)


async def main() -> None:
    accs, x = [tr.zeros((32,)), tr.zeros((32,))], upload(np.arange(32))
    await asyncio.gather(
        *(launch(a.partition((16,)), x, f) for a, f in zip(accs, (0.5, 0.25), strict=True))
    )
    assert [float(a.to_numpy()[4]) for a in accs] == [2.0, 1.0]


asyncio.run(main())
