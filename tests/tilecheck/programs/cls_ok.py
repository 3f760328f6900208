"""A layer owning its buffers, launching on them in methods."""

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


class Layer:
    def __init__(self, n: int) -> None:
        self.weight = tr.full((n,), 0.5)
        self.out = tr.zeros((n,))

    def forward(self, x: Tensor[f32]) -> None:
        add(self.out.partition((T,)), self.weight, x).sync()

    def result(self) -> float:
        return float(self.out.to_numpy().sum())


def main() -> None:
    layer = Layer(N)
    layer.forward(tr.ones((N,)))
    print(layer.result())


if __name__ == "__main__":
    main()
