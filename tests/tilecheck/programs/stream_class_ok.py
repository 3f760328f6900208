"""A class running its op on a stream of its own, waited before the read."""

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


class Runner:
    def __init__(self) -> None:
        self.stream = tr.Stream()
        self.x = tr.ones((N,))
        self.y = tr.zeros((N,))

    def run(self) -> float:
        pending = copy(self.y.partition((T,)), self.x).submit(self.stream)
        print(self.x.to_numpy()[0])
        pending.wait()
        return float(self.y.to_numpy()[0])


def main() -> None:
    print(Runner().run())


if __name__ == "__main__":
    main()
