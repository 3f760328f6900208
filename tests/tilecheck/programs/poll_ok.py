"""A Pending polled with done() in a loop, then waited."""

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
        self.z = tr.ones((N,))

    def start(self) -> None:
        self.pending = scale(self.z.partition((T,)), 2.0).submit()

    def ready(self) -> bool:
        return self.pending.done()

    def finish(self) -> float:
        self.pending.wait()
        return float(self.z.to_numpy()[0])


def main() -> None:
    job = Job()
    job.start()
    while not job.ready():
        pass
    print(job.finish())


if __name__ == "__main__":
    main()
