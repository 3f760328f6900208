"""A class keeps a list of buffers; a method reads one while it is written."""

from __future__ import annotations

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


class Ring:
    def __init__(self) -> None:
        self.slots = [tr.zeros((N,)) for _ in range(3)]
        self.x = tr.ones((N,))

    def fill(self) -> None:
        pending = copy(self.slots[0].partition((T,)), self.x).submit()
        print(self.slots[0].to_numpy()[0])  # expect: TC102
        pending.wait()


def main() -> None:
    Ring().fill()


if __name__ == "__main__":
    main()
