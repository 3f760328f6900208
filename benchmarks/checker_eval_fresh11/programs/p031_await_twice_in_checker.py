"""An async checker awaits the op, then awaits it again to be sure."""

import asyncio

from llmkit import kernels as K
from llmkit.host import tiles

import tilert as tr


async def checked(op: tr.Op) -> None:
    await op
    await op  # expect: TC110


async def main() -> None:
    out = tr.zeros((128,))
    await checked(K.scale(tiles(out), tr.arange(128), 2.0))  # expect-also
    print(out.to_numpy()[:3])


asyncio.run(main())
