"""An async step syncs an op for a warm-up and then awaits the same op."""

import asyncio

import tilert as tr
from llm.kernels import fill


async def step(buf: tr.Tensor) -> float:
    op = fill(buf.partition((64,)), 2.0)
    op.sync()
    await op  # expect: TC110
    return float(buf.to_numpy()[0])


def main() -> None:
    print(asyncio.run(step(tr.zeros((256,)))))


if __name__ == "__main__":
    main()
