"""A class: start submits into an attribute, wait_all waits, result reads."""

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


class Batch:
    def __init__(self) -> None:
        self.inputs = [tr.full((N,), float(i)) for i in range(3)]
        self.pendings: list[tr.Pending] = []

    def start(self) -> None:
        for t in self.inputs:
            self.pendings.append(scale(t.partition((T,)), 2.0).submit())

    def wait_all(self) -> None:
        for p in self.pendings:
            p.wait()
        self.pendings.clear()

    def result(self) -> list[float]:
        return [float(t.to_numpy()[0]) for t in self.inputs]


def main() -> None:
    batch = Batch()
    batch.start()
    batch.wait_all()
    print(batch.result())


if __name__ == "__main__":
    main()
