"""A method submits on every input and reads one before waiting."""

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

    def run(self) -> float:
        pendings = [scale(t.partition((T,)), 2.0).submit() for t in self.inputs]
        first = float(self.inputs[0].to_numpy()[0])  # expect: TC102
        for p in pendings:
            p.wait()
        return first


def main() -> None:
    print(Batch().run())


if __name__ == "__main__":
    main()
