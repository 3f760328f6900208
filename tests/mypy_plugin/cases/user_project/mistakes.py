# ruff: noqa: E501
# fmt: off
"""A user's mistakes, one for each of the plugin's error codes (what mypy reports is written
inline, as in the other case files)."""

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f16, f32


@tr.kernel
def add(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], y: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z) + tl.load_tile_like(y, z))


@tr.kernel
def accumulate(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    x.store(z.load())  # E: "x" is Shared (read-only); store only through a Mutable parameter, e.g. out.store(tile) with out: Mutable[Tensor[...]] ({TC201}) [tile-store-shared]


def launches() -> None:
    x, z = tr.ones((256,)), tr.zeros((256,))
    add(z.partition((64,)), z, x).sync()  # E: Tensor "z" is passed to kernel "add" as Mutable "z" and again as "x" in the same launch ({TC101}) [tile-mutable-alias]
    add(z, x, x).sync()  # E: Parameter "z" of kernel "add" is Mutable: pass a partition of the tensor (z.partition(tile_shape)), not the tensor ({TC106}) [tile-argument-kind]
    h = tr.ones((256,), dtype=f16)
    add(z.partition((64,)), x, h).sync()  # E: Parameter "y" of kernel "add" expects f32 elements, got "Tensor[f16]" (convert with an astype kernel or create it with dtype=f32) [tile-dtype]
