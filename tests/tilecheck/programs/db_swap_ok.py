"""Double buffering: fill one buffer while the host reads the other; the names swap."""

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
    x = tr.ones((N,))
    a, b = tr.zeros((N,)), tr.zeros((N,))
    pend_a = add(a.partition((T,)), x, x).submit()
    total = 0.0
    for _ in range(5):
        pend_b = add(b.partition((T,)), x, x).submit()
        pend_a.wait()
        total += float(a.to_numpy().sum())
        a, b = b, a
        pend_a = pend_b
    pend_a.wait()
    total += float(a.to_numpy().sum())
    print(total)


if __name__ == "__main__":
    main()
