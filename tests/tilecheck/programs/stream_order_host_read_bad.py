"""Readers launched after an in-flight writer do not make the host a reader: the host reads
the output only after the writer is waited on."""

from __future__ import annotations

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32

N = 1024
T = 256


@tr.kernel
def add(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], y: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z) + tl.load_tile_like(y, z))


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def start(y: Tensor[f32], x: Tensor[f32]) -> tr.Pending:
    return add(y.partition((T,)), x, x).submit()


def main() -> None:
    x = tr.ones((N,))
    y, z = tr.zeros((N,)), tr.zeros((N,))
    first = start(y, x)
    second = add(z.partition((T,)), y, x).submit()
    second.wait()
    print(y.to_numpy()[0])  # expect: TC102
    first.wait()


if __name__ == "__main__":
    main()
