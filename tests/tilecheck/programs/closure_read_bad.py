"""A local helper reads a captured tensor while an op writes it."""

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


def main() -> None:
    z = tr.zeros((N,))
    x = tr.ones((N,))

    def report() -> None:
        print("z:", z.to_numpy()[:2])  # expect: TC102

    pending = copy(z.partition((T,)), x).submit()
    report()  # the read in `report` is refused
    pending.wait()
    report()


if __name__ == "__main__":
    main()
