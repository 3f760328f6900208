"""A retry wrapper that awaits the same op again when its result looks off."""

import asyncio

from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
from tilert import f32


async def run_checked(op: tr.Op, out: tr.Tensor) -> float:
    await op
    if float(out.to_numpy().sum()) < 1e9:
        await op  # expect: TC110
    return float(out.to_numpy().sum())


async def main() -> None:
    out = tr.zeros((8,), dtype=f32)
    op = k.scale(tiles(out), tr.ones((8,), dtype=f32), 2.0)
    total = await run_checked(op, out)  # expect-also
    print(total)


asyncio.run(main())
