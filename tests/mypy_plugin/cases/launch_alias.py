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


def aliases_of_settled_names(z: Tensor[f32], x: Tensor[f32], n: int) -> None:
    w = z  # a parameter the body never rebinds holds one tensor throughout
    add(z.partition((64,)), x, w).sync()  # E: Tensor "w" is passed to kernel "add" as Mutable "z" and again as "y" in the same launch ({TC101}) [tile-mutable-alias]
    for _ in range(n):
        v = x  # bound in a loop, to the same tensor each time
        add(x.partition((64,)), v, z).sync()  # E: Tensor "v" is passed to kernel "add" as Mutable "z" and again as "x" in the same launch ({TC101}) [tile-mutable-alias]


def double_buffering(n: int) -> None:
    """An alias of a name rebound later holds the old tensor: no TC101 (tilecheck agrees)."""
    x = tr.ones((256,))
    cur = tr.ones((256,))
    prev = cur
    cur = tr.zeros((256,))
    add(cur.partition((64,)), prev, x).sync()
    p = cur.partition((64,))
    cur = prev
    fill2(p, cur.partition((64,)), 0.0).sync()
    for i in range(n):
        nxt = tr.zeros((256,))  # bound once, but a new tensor on every iteration
        if i == 0:
            first = nxt
        add(nxt.partition((64,)), first, x).sync()


def rebound_by_a_closure(flag: bool) -> None:
    x, z = tr.ones((256,)), tr.zeros((256,))
    w = z

    def swap() -> None:
        nonlocal z
        z = tr.ones((256,))

    swap()
    add(z.partition((64,)), w, x).sync()
    match flag:
        case True:
            u = x
        case other:
            x = tr.zeros((256,))
            u = x
    add(x.partition((64,)), u, z).sync()


class Sim:
    def __init__(self) -> None:
        self.buf = tr.ones((256,))
        self.x = tr.ones((256,))

    def advance(self) -> None:
        old = self.buf  # an alias of an attribute: the attribute may be reassigned since
        self.buf = tr.zeros((256,))
        add(self.buf.partition((64,)), old, self.x).sync()
        q = self.buf.partition((64,))
        self.buf = old
        fill2(q, self.buf.partition((64,)), 0.0).sync()
        add(self.buf.partition((64,)), self.x, self.buf).sync()  # E: Tensor "self.buf" is passed to kernel "add" as Mutable "z" and again as "y" in the same launch ({TC101}) [tile-mutable-alias]
