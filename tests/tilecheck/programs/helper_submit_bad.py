"""A helper submits and returns the Pending; the caller reads too early."""

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


def launch_scale(t: Tensor[f32], a: float) -> tr.Pending:
    return scale(t.partition((T,)), a).submit()


def main() -> None:
    z = tr.ones((N,))
    pending = launch_scale(z, 2.0)
    print(z.to_numpy()[0])  # expect: TC102
    pending.wait()


if __name__ == "__main__":
    main()
