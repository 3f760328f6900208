import asyncio

from trainkit import TILE, sgd_step

import tilert as tr


async def update_shard(param: tr.Tensor, grad: tr.Tensor, lr: float) -> float:
    await sgd_step(param.partition((TILE,)), grad, lr)
    return float(param.to_numpy().mean())


async def main() -> None:
    shards = [tr.ones((1024,), name=f"shard{i}") for i in range(4)]
    grads = [tr.full((1024,), 0.1 * (i + 1)) for i in range(4)]
    means = await asyncio.gather(
        *(update_shard(p, g, 1.0) for p, g in zip(shards, grads, strict=True))
    )
    print(means)


asyncio.run(main())
