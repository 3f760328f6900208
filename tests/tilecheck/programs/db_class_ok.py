"""A double-buffered producer object: buffers and pendings kept on self, swapped."""

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
    def __init__(self, n: int) -> None:
        self.src = tr.ones((n,))
        self.front = tr.zeros((n,))
        self.back = tr.zeros((n,))

    def run(self, steps: int) -> float:
        total = 0.0
        pending = copy(self.front.partition((T,)), self.src).submit()
        for _ in range(steps):
            nxt = add(self.back.partition((T,)), self.src, self.src).submit()
            pending.wait()
            total += float(self.front.to_numpy().sum())
            self.front, self.back = self.back, self.front
            pending = nxt
        pending.wait()
        return total + float(self.front.to_numpy().sum())


def main() -> None:
    print(Producer(N).run(4))


if __name__ == "__main__":
    main()
