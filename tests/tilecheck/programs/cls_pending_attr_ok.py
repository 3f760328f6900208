"""Submit in one method, keep the Pending on self, wait in another."""

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
        self.pending: tr.Pending | None = None

    def start(self) -> None:
        self.pending = copy(self.out.partition((T,)), self.x).submit()

    def finish(self) -> float:
        if self.pending is not None:
            self.pending.wait()
            self.pending = None
        return float(self.out.to_numpy().sum())


def main() -> None:
    job = Job(N)
    job.start()
    print(job.finish())


if __name__ == "__main__":
    main()
