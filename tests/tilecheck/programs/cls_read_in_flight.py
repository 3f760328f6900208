"""A method reads self.out while the op it submitted writes it."""

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


class Model:
    def __init__(self, n: int) -> None:
        self.x = tr.ones((n,))
        self.out = tr.zeros((n,))

    def forward(self) -> float:
        pending = copy(self.out.partition((T,)), self.x).submit()
        peek = float(self.out.to_numpy()[0])  # expect: TC102
        pending.wait()
        return peek


def main() -> None:
    print(Model(N).forward())


if __name__ == "__main__":
    main()
