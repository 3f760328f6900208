"""A dataclass holding tensors, used by a plain function."""

from __future__ import annotations

from dataclasses import dataclass

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


@dataclass
class State:
    x: Tensor[f32]
    y: Tensor[f32]


def step(state: State) -> None:
    add(state.y.partition((T,)), state.x, state.x).sync()
    print(state.y.to_numpy()[:2])


def main() -> None:
    step(State(tr.ones((N,)), tr.zeros((N,))))


if __name__ == "__main__":
    main()
