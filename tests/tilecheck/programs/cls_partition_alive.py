"""A method keeps a partition of a buffer and reads the buffer."""

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


class Buffers:
    def __init__(self, n: int) -> None:
        self.data = tr.ones((n,))

    def double(self) -> float:
        self.part = self.data.partition((T,))
        before = float(self.data.to_numpy().sum())  # expect: TC104
        scale(self.part, 2.0).sync()
        return before


def main() -> None:
    print(Buffers(N).double())


if __name__ == "__main__":
    main()
