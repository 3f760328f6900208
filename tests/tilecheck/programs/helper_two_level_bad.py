"""A helper calls another helper that submits; the Pending comes back up."""

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


def submit_copy(dst: Tensor[f32], src: Tensor[f32]) -> tr.Pending:
    return copy(dst.partition((T,)), src).submit()


def start(dst: Tensor[f32]) -> tr.Pending:
    src = tr.ones(dst.shape)
    return submit_copy(dst, src)


def main() -> None:
    out = tr.zeros((N,))
    job = start(out)
    print(out.to_numpy()[0])  # expect: TC102
    job.wait()


if __name__ == "__main__":
    main()
