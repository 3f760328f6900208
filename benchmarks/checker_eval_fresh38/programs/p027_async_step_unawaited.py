import asyncio

from trainkit import TILE, sgd_step

import tilert as tr


async def train_step(param: tr.Tensor, grad: tr.Tensor, lr: float) -> None:
    pend = sgd_step(param.partition((TILE,)), grad, lr).submit()  # expect: TC108
    print("submitted", pend.label)
    await asyncio.sleep(0)


async def main() -> None:
    params = [tr.ones((1024,)) for _ in range(2)]
    grads = [tr.full((1024,), 0.1) for _ in range(2)]
    for p, g in zip(params, grads, strict=True):
        await train_step(p, g, 0.1)  # expect-also: TC108
    print(params[0].to_numpy()[0])


asyncio.run(main())
