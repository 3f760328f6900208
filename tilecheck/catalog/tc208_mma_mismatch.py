"""TC208 (mma-mismatch) in the catalog: what ``tilecheck explain TC208`` prints, and the
examples the tests check (each one the complete module a reader sees)."""

from __future__ import annotations

from tilecheck.catalog.base import Rule, invalid, valid
from tilecheck.codes import MMA_MISMATCH

RULE = Rule(
    code=MMA_MISMATCH,
    slug="mma-mismatch",
    summary="an mma or matrix product whose operands' shapes or dtypes do not fit",
    explanation="""\
`tl.mma(a, b, acc)` adds `a @ b` into `acc` on the tensor cores: `a` is `(M, K)` and `b`
`(K, N)` (rank 3 with one leading batch axis too), `acc` is `(M, N)`, `a` and `b` have one
dtype, and the accumulator's dtype is one the GPU takes for it: f16 and the 8-bit floats into
f16 or f32, bf16 and f32 into f32, f64 into f64, i8 and u8 into i32. `tl.matmul(a, b)` and
`a @ b` need the same shapes. Anything else is refused when the kernel runs (the interpreter)
or compiles (cuTile).

tilecheck infers the operands' shapes and dtypes (from `x.load_tile`'s shape and the
tensor's annotated dtype, `tl.zeros(..., tl.f32)`, `tl.astype`, `tl.transpose`...) and
reports what certainly does not fit, with the inferred shapes. Shapes known only
symbolically (`(bm, bk)` and `(bk, bn)`) fit; `(bm, bk)` against `(bn, bk)` cannot be decided
from the kernel alone (`bk` may equal `bn`), so it is decided with the values of each launch
the module makes, where it shows them.

Fix: load `b` as `(K, N)` (or `tl.transpose` it), convert the inputs to one dtype with
`tl.astype`, and accumulate in a dtype the GPU takes, usually
`tl.zeros((bm, bn), tl.f32)`.""",
    scope="kernel",
    valid=(
        valid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f16, f32


@tr.kernel
def gemm(
    c: Mutable[Tensor[f32]], a: Shared[Tensor[f16]], b: Shared[Tensor[f16]], bk: Const[int]
) -> None:
    i, j = c.index
    bm, bn = c.tile_shape
    acc = tl.zeros((bm, bn), tl.f32)
    for k in range(tl.cdiv(a.shape[1], bk)):
        acc = tl.mma(a.load_tile((bm, bk), (i, k)), b.load_tile((bk, bn), (k, j)), acc)
    c.store(acc)
""",
            "(bm, bk) @ (bk, bn) into (bm, bn): fits whatever the sizes",
        ),
        valid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f16


@tr.kernel
def scores(s: Mutable[Tensor[f16]], q: Shared[Tensor[f16]], k: Shared[Tensor[f16]]) -> None:
    i, j = s.index
    qt = q.load_tile((64, 32), (i, 0))
    kt = k.load_tile((64, 32), (j, 0))
    s.store(tl.mma(qt, tl.transpose(kt), tl.zeros((64, 64), tl.f16)))
""",
            "keys loaded as rows and transposed; f16 into an f16 accumulator",
        ),
        valid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


@tr.kernel
def project(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], w: Shared[Tensor[f32]]) -> None:
    xt = x.load_tile((16, 64), (z.index[0], 0))
    z.store(xt @ w.load_tile((64, 16), (0, 0)))


def main() -> None:
    x = tr.ones((64, 64), dtype=f32)
    w = tr.ones((64, 16), dtype=f32)
    z = tr.zeros((64, 16), dtype=f32)
    project(z.partition((16, 16)), x, w).sync()
""",
            "a matrix product with `@`",
        ),
    ),
    invalid=(
        invalid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, bf16


@tr.kernel
def k(z: Mutable[Tensor[bf16]], a: Shared[Tensor[bf16]]) -> None:
    t = a.load_tile((16, 16), (0, 0))
    z.store(tl.mma(t, t, tl.zeros((16, 16), tl.bf16)))  # TC208


def main() -> None:
    a = tr.ones((16, 16), dtype=bf16)
    z = tr.zeros((16, 16), dtype=bf16)
    k(z.partition((16, 16)), a).sync()
""",
            "bf16 inputs accumulate into f32 only",
        ),
        invalid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f16, f32


@tr.kernel
def k(z: Mutable[Tensor[f32]], a: Shared[Tensor[f16]], b: Shared[Tensor[f32]]) -> None:
    acc = tl.zeros((32, 32), tl.f32)
    acc = tl.mma(a.load_tile((32, 16), (0, 0)), b.load_tile((16, 32), (0, 0)), acc)  # TC208
    z.store(acc)


def main() -> None:
    a = tr.ones((32, 16), dtype=f16)
    b = tr.ones((16, 32), dtype=f32)
    z = tr.zeros((32, 32), dtype=f32)
    k(z.partition((32, 32)), a, b).sync()
""",
            "a is f16 and b is f32: one input dtype",
        ),
        invalid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f16, f32


@tr.kernel
def gemm(
    c: Mutable[Tensor[f32]], a: Shared[Tensor[f16]], b: Shared[Tensor[f16]], bk: Const[int]
) -> None:
    i, j = c.index
    bm, bn = c.tile_shape
    acc = tl.zeros((bm, bn), tl.f32)
    for k in range(tl.cdiv(a.shape[1], bk)):
        acc = tl.mma(a.load_tile((bm, bk), (i, k)), b.load_tile((bn, bk), (j, k)), acc)  # TC208
    c.store(acc)


def main() -> None:
    a = tr.ones((256, 128), dtype=f16)
    b = tr.ones((256, 128), dtype=f16)
    c = tr.zeros((256, 256), dtype=f32)
    gemm(c.partition((64, 64)), a, b, 32).sync()
""",
            "b loaded as (bn, bk): with this launch (64, 32) @ (64, 32), the inner dimensions "
            "differ",
        ),
        invalid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


@tr.kernel
def project(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], w: Shared[Tensor[f32]]) -> None:
    xt = x.load_tile((16, 64), (z.index[0], 0))
    z.store(xt @ w.load_tile((16, 64), (0, 0)))  # TC208


def main() -> None:
    x = tr.ones((64, 64), dtype=f32)
    w = tr.ones((16, 64), dtype=f32)
    z = tr.zeros((64, 16), dtype=f32)
    project(z.partition((16, 16)), x, w).sync()
""",
            "`@` of (16, 64) and (16, 64)",
        ),
    ),
)
