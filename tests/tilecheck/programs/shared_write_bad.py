"""A buffer read by an op in flight is overwritten on the host."""

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


class Pair:
    def __init__(self) -> None:
        self.src = tr.ones((N,))
        self.dst = tr.zeros((N,))

    def run(self) -> None:
        pending = copy(self.dst.partition((T,)), self.src).submit()
        self.src.copy_from(tr.zeros((N,)))  # expect: TC103
        pending.wait()


def main() -> None:
    Pair().run()


if __name__ == "__main__":
    main()
