"""A retry wrapper that awaits the same op again when the result looks wrong."""

from __future__ import annotations

import asyncio
from typing import Any

from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr


async def run_checked(op: tr.Op[Any], out: tr.Tensor[tr.f32], expect: float) -> None:
    for _attempt in range(2):
        await op  # expect: TC110
        if float(out.to_numpy()[0]) == expect + 1:
            return


async def main() -> None:
    out = tr.zeros((4,))
    await run_checked(k.fill(tiles(out), 1.0), out, 1.0)  # expect-also


asyncio.run(main())
