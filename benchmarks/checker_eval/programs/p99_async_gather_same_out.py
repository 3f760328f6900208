"""Two ops gathered with asyncio both write the same output."""

import asyncio

import tilert as tr
from llm.kernels import mul


async def project(x: tr.Tensor, wq: tr.Tensor, wk: tr.Tensor) -> float:
    out = tr.zeros(x.shape)
    first = mul(out.partition((64,)), x, wq)
    second = mul(out.partition((64,)), x, wk)  # expect: TC102
    await asyncio.gather(first, second)
    return float(out.to_numpy()[0])


def main() -> None:
    x = tr.ones((256,))
    print(asyncio.run(project(x, tr.full((256,), 2.0), tr.full((256,), 3.0))))


if __name__ == "__main__":
    main()
