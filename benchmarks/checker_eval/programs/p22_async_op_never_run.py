"""An async warm-up that builds an op and forgets to await it."""

import asyncio

import tilert as tr
from llm.kernels import scale


async def warmup(buf: tr.Tensor) -> None:
    scale(buf.partition((64,)), 1.0)  # expect: TC105
    await asyncio.sleep(0)


async def serve() -> None:
    buf = tr.ones((256,))
    await warmup(buf)
    print(buf.to_numpy()[:2])


def main() -> None:
    asyncio.run(serve())


if __name__ == "__main__":
    main()
