"""A helper reads its argument; the caller calls it while the tensor is written."""

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


def summarize(t: Tensor[f32]) -> float:
    return float(t.to_numpy().sum())  # expect: TC102


def main() -> None:
    z = tr.ones((N,))
    pending = scale(z.partition((T,)), 2.0).submit()
    print(summarize(z))  # the runtime raises inside
    pending.wait()


if __name__ == "__main__":
    main()
