"""__init__ keeps an alias of a buffer; a launch aliases through it."""

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


class Net:
    def __init__(self, n: int) -> None:
        self.hidden = tr.zeros((n,))
        self.view = self.hidden
        self.x = tr.ones((n,))

    def forward(self) -> None:
        add(self.hidden.partition((T,)), self.view, self.x).sync()  # expect: TC101


def main() -> None:
    Net(N).forward()


if __name__ == "__main__":
    main()
