"""result() reads self.out while start()'s op is in flight."""

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
    def __init__(self) -> None:
        self.x = tr.ones((N,))
        self.out = tr.zeros((N,))

    def start(self) -> None:
        self.pending = copy(self.out.partition((T,)), self.x).submit()

    def result(self) -> float:
        return float(self.out.to_numpy()[0])  # expect: TC102

    def finish(self) -> None:
        self.pending.wait()


def main() -> None:
    job = Job()
    job.start()
    print(job.result())  # the runtime raises inside
    job.finish()


if __name__ == "__main__":
    main()
