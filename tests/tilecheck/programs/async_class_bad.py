"""An async method reads its output between submit and await."""

from __future__ import annotations

import asyncio

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32

N = 1024
T = 256


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


@tr.kernel
def add(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], y: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z) + tl.load_tile_like(y, z))


@tr.kernel
def copy(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z))


class Worker:
    def __init__(self) -> None:
        self.x = tr.ones((N,))
        self.y = tr.zeros((N,))

    async def step(self) -> float:
        pending = copy(self.y.partition((T,)), self.x).submit()
        seen = float(self.y.to_numpy()[0])  # expect: TC102
        await pending
        return seen


def main() -> None:
    print(asyncio.run(Worker().step()))


if __name__ == "__main__":
    main()
