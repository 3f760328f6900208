"""Decode steps awaited concurrently with asyncio.gather."""

import asyncio

import tilert as tr
from llm.kernels import axpy


async def step(i: int, x: tr.Tensor, out: tr.Tensor) -> float:
    await axpy(out.partition((64,)), x, float(i))
    return float(out.to_numpy()[0])


async def run() -> list[float]:
    xs = [tr.ones((256,)) for _ in range(3)]
    outs = [tr.zeros((256,)) for _ in range(3)]
    return await asyncio.gather(*(step(i, x, o) for i, (x, o) in enumerate(zip(xs, outs))))


def main() -> None:
    print(asyncio.run(run()))


if __name__ == "__main__":
    main()
