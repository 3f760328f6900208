"""A graph replayed in a loop; its output read before the graph is closed."""

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
    x, y = tr.ones((N,)), tr.zeros((N,))
    with tr.graph() as g:
        g.record(copy(y.partition((T,)), x))
    for _ in range(3):
        g.launch().wait()
        print(y.to_numpy()[0])  # expect: TC102
    g.close()


if __name__ == "__main__":
    main()
