"""A method passes a plain tensor attribute to a Mutable parameter."""

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


class Scaler:
    def __init__(self, n: int) -> None:
        self.values = tr.ones((n,))

    def apply(self, factor: float) -> None:
        scale(self.values, factor).sync()  # expect: TC106


def main() -> None:
    Scaler(N).apply(2.0)


if __name__ == "__main__":
    main()
