"""A trainer whose step aliases the weights it writes."""

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


def axpy(out: Tensor[f32], a: Tensor[f32], b: Tensor[f32]) -> tr.Op:
    return add(out.partition((T,)), a, b)  # expect: TC101


class Trainer:
    def __init__(self) -> None:
        self.w = tr.ones((N,))
        self.grad = tr.full((N,), 0.1)

    def step(self) -> None:
        op = axpy(self.w, self.w, self.grad)
        op.sync()


def main() -> None:
    Trainer().step()


if __name__ == "__main__":
    main()
