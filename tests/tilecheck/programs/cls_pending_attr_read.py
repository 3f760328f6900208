"""The Pending kept on self, and self.out read before it is waited."""

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


class Job:
    def __init__(self, n: int) -> None:
        self.x = tr.ones((n,))
        self.out = tr.zeros((n,))

    def run(self) -> float:
        self.pending = copy(self.out.partition((T,)), self.x).submit()
        early = float(self.out.to_numpy().sum())  # expect: TC102
        self.pending.wait()
        return early


def main() -> None:
    print(Job(N).run())


if __name__ == "__main__":
    main()
