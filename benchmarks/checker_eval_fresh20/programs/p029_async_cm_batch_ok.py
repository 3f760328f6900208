"""An async context manager submits ops as they are added and awaits them all on exit."""

import asyncio

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import tiles, upload

import tilert as tr


class Batch:
    def __init__(self) -> None:
        self.pendings: list[tr.Pending] = []

    async def __aenter__(self) -> "Batch":
        return self

    def add(self, op: tr.Op) -> None:
        self.pendings.append(op.submit())

    async def __aexit__(self, *exc: object) -> None:
        for pending in self.pendings:
            await pending


async def main() -> None:
    x = upload(np.arange(16))
    outs = [tr.zeros((16,)) for _ in range(3)]
    async with Batch() as batch:
        for i, out in enumerate(outs):
            batch.add(K.scale(tiles(out), x, float(i)))
    assert [float(o.to_numpy()[1]) for o in outs] == [0.0, 1.0, 2.0]


asyncio.run(main())
