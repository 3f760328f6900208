"""Two independent projections awaited together with asyncio.gather."""

import asyncio

import tilert as tr
from llm.kernels import mul


async def project(x: tr.Tensor, wq: tr.Tensor, wk: tr.Tensor) -> tuple[float, float]:
    q, k = tr.zeros(x.shape), tr.zeros(x.shape)
    await asyncio.gather(mul(q.partition((64,)), x, wq), mul(k.partition((64,)), x, wk))
    return float(q.to_numpy()[0]), float(k.to_numpy()[0])


def main() -> None:
    x = tr.ones((256,))
    print(asyncio.run(project(x, tr.full((256,), 2.0), tr.full((256,), 3.0))))


if __name__ == "__main__":
    main()
