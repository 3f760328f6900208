"""An async step helper used for warm-up and then for the real step, with the same op."""

import asyncio

from llmweave.kernels import scale

import tilert as tr


async def run_step(op: tr.Op) -> None:
    await op  # expect: TC110


async def main() -> None:
    x, out = tr.ones((64,)), tr.zeros((64,))
    op = scale(out.partition((16,)), x, 2.0)
    await run_step(op)
    await run_step(op)  # expect-also
    print(out.to_numpy()[0])


asyncio.run(main())
