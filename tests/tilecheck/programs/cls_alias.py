"""A method passes its own output both as the written partition and as an input."""

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


class Accumulator:
    def __init__(self, n: int) -> None:
        self.acc = tr.zeros((n,))
        self.bias = tr.ones((n,))

    def step(self) -> None:
        add(self.acc.partition((T,)), self.acc, self.bias).sync()  # expect: TC101


def main() -> None:
    Accumulator(N).step()


if __name__ == "__main__":
    main()
