"""A double-buffered object that forgets one wait."""

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


class Producer:
    def __init__(self) -> None:
        self.src = tr.ones((N,))
        self.front = tr.zeros((N,))
        self.back = tr.zeros((N,))

    def run(self, steps: int) -> None:
        pending = copy(self.front.partition((T,)), self.src).submit()
        for _ in range(steps):
            nxt = copy(self.back.partition((T,)), self.src).submit()
            print(self.front.to_numpy()[0])  # expect: TC102
            self.front, self.back = self.back, self.front
            pending = nxt
        pending.wait()


def main() -> None:
    Producer().run(3)


if __name__ == "__main__":
    main()
