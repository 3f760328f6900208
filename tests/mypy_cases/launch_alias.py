# ruff: noqa: E501
# fmt: off
"""TC101: a tensor written through a partition and passed again in the same launch."""

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32


@tr.kernel
def add(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], y: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z) + tl.load_tile_like(y, z))


@tr.kernel
def fill2(a: Mutable[Tensor[f32]], b: Mutable[Tensor[f32]], v: float) -> None:
    a.store(tl.full(a.tile_shape, v, tl.f32))
    b.store(tl.full(b.tile_shape, v, tl.f32))


class Buffers:
    def __init__(self) -> None:
        self.out = tr.zeros((256,))
        self.inp = tr.ones((256,))

    def step(self) -> None:
        add(self.out.partition((64,)), self.inp, self.inp).sync()
        add(self.out.partition((64,)), self.inp, self.out).sync()  # E: Tensor "self.out" is passed to kernel "add" as Mutable "z" and again as "y" in the same launch ({TC101}) [tile-mutable-alias]


def aliasing() -> None:
    x, z = tr.ones((256,)), tr.zeros((256,))
    add(z.partition((64,)), z, x).sync()  # E: Tensor "z" is passed to kernel "add" as Mutable "z" and again as "x" in the same launch ({TC101}) [tile-mutable-alias]
    w = z
    add(z.partition((64,)), x, w).sync()  # E: Tensor "w" is passed to kernel "add" as Mutable "z" and again as "y" in the same launch ({TC101}) [tile-mutable-alias]
    p = z.partition((64,))
    fill2(p, p, 1.0).sync()  # E: Tensor "p" is passed to kernel "fill2" as Mutable "a" and again as "b" in the same launch ({TC101}) [tile-mutable-alias]
    fill2(z.partition((64,)), z.partition((32,)).mapped(2), 1.0).sync()  # E: Tensor "z" is passed to kernel "fill2" as Mutable "a" and again as "b" in the same launch ({TC101}) [tile-mutable-alias]
    fill2(p, w.partition((64,)), 1.0).sync()  # E: Tensor "w" is passed to kernel "fill2" as Mutable "a" and again as "b" in the same launch ({TC101}) [tile-mutable-alias]


def not_aliasing(flag: bool, y: Tensor[f32]) -> None:
    x, z = tr.ones((256,)), tr.zeros((256,))
    add(z.partition((64,)), x, x).sync()  # reading one tensor twice is fine
    fill2(x.partition((64,)), z.partition((64,)), 0.0).sync()
    add(y.partition((64,)), x, z).sync()
    v = x
    for v in (x, y):  # bound more than once: the plugin does not guess (tilecheck's flow analysis does)
        add(z.partition((64,)), v, x).sync()
