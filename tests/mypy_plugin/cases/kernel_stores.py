# ruff: noqa: E501
# fmt: off
"""TC201: Shared parameters are read-only, in kernels and in the helpers they call."""

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32


@tr.kernel
def stores(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z) * 2.0)
    x.store(z.load())  # E: "x" is Shared (read-only); store only through a Mutable parameter, e.g. out.store(tile) with out: Mutable[Tensor[...]] ({TC201}) [tile-store-shared]
    w = x
    w.store(z.load())  # E: "w" is Shared (read-only); store only through a Mutable parameter, e.g. out.store(tile) with out: Mutable[Tensor[...]] ({TC201}) [tile-store-shared]
    x[0] = z.load()  # E: "x" is Shared (read-only); store only through a Mutable parameter, e.g. out.store(tile) with out: Mutable[Tensor[...]] ({TC201}) [tile-store-shared]


@tr.kernel(unsafe=True)
def unchecked(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    tl.unsafe.store(z, (0,), z.load())
    tl.unsafe.store(x, (0,), z.load())  # E: "x" is Shared (read-only): tl.unsafe.store cannot write it either; write only into a Mutable parameter ({TC201}) [tile-store-shared]
    tl.unsafe.atomic_add(x, 0, z.load())  # E: "x" is Shared (read-only): tl.unsafe.atomic_add cannot write it either; write only into a Mutable parameter ({TC201}) [tile-store-shared]


@tr.function
def helper(x: Shared[Tensor[f32]], t: tl.Tile[f32]) -> tl.Tile[f32]:
    x.store(t)  # E: "x" is Shared (read-only); store only through a Mutable parameter, e.g. out.store(tile) with out: Mutable[Tensor[...]] ({TC201}) [tile-store-shared]
    return t
