"""TC206 (bad-kernel-signature) in the catalog: what ``tilecheck explain TC206`` prints, and the
examples the tests check (each one the complete module a reader sees)."""

from __future__ import annotations

from tilecheck.catalog.base import Rule, invalid, valid
from tilecheck.codes import BAD_KERNEL_SIGNATURE

RULE = Rule(
    code=BAD_KERNEL_SIGNATURE,
    slug="bad-kernel-signature",
    summary="an unannotated parameter, an unknown annotation, or a default on a tensor",
    explanation="""\
A kernel's annotations are its contract with the host and with the checker: they say which
tensors each block writes (`Mutable[Tensor[dt]]`, passed as a partition), which it only reads
(`Shared[Tensor[dt]]`, passed as a tensor), and which arguments are scalars (`int`, `float`,
`bool`, a dtype) or compile-time constants (`Const[int|float|bool]`). Without them nothing
can tell a read from a write, so the ownership rules on both sides of the launch would have
nothing to stand on. `@tr.function` helpers also take tiles (`Tile[dt]` / `tl.Tile[dt]`).

Reported: a parameter without an annotation (a kernel written as a method, taking `self`,
is told to move to module level or become a @staticmethod); an annotation that is none of the
above (a bare `Tensor[f32]`, `Mutable[f32]`, `Mutable[Tensor]` without a dtype, `Const[str]`,
`Tile[...]` in a kernel); a default value on a tensor parameter (every launch must pass its
tensors);
`*args` or `**kwargs`; a kernel annotated to return anything but `None` (kernels return
nothing: results go through Mutable parameters); an `async` kernel.

Fix: annotate every parameter:

    @tr.kernel
    def saxpy(y: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], a: float) -> None:
        y.store(a * tl.load_tile_like(x, y) + y.load())""",
    scope="kernel",
    valid=(
        valid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


@tr.kernel
def every_kind(
    z: Mutable[Tensor[f32]],
    x: Shared[Tensor[tr.f16]],
    a: float,
    n: int,
    flag: bool,
    b: tl.f32,
    k: Const[int],
    scale: float = 1.0,
) -> None:
    z.store(tl.load_tile_like(x, z) * a * scale)
""",
            "every kind of parameter; a scalar may have a default",
        ),
        valid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


@tr.function
def mix(a: tl.Tile[f32], b: tl.Tile[f32], w: float) -> tl.Tile[f32]:
    return a * w + b * (1.0 - w)


@tr.kernel(unsafe=False, occupancy=2)
def blend(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], w: float) -> None:
    z.store(mix(z.load(), tl.load_tile_like(x, z), w))
""",
            "helpers take and return tiles; decorator options",
        ),
        valid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


import tilert as t2
from tilert import Mutable as Out


@t2.kernel
def spelled(z: Out[t2.Tensor[t2.f32]], x: "Shared[Tensor[f32]]"):
    z.store(tl.load_tile_like(x, z))
""",
            "other spellings: aliases, string annotations, no return annotation",
        ),
    ),
    invalid=(
        invalid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


@tr.kernel
def bad(z: Mutable[Tensor[f32]], a) -> None:  # TC206
    z.store(z.load() * a)
""",
            "an unannotated parameter",
        ),
        invalid(
            """\
import tilert as tr
from tilert import Mutable, Tensor, f32


class Layer:
    @tr.kernel
    def scale(self, z: Mutable[Tensor[f32]]) -> None:  # TC206
        z.store(z.load() * 2.0)
""",
            "a kernel written as a method: `self` has no meaning on the GPU",
        ),
        invalid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


@tr.kernel
def bad(z: Mutable[Tensor[f32]], x: Tensor[f32]) -> None:  # TC206
    z.store(tl.load_tile_like(x, z))
""",
            "a tensor must say Mutable or Shared",
        ),
        invalid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


@tr.kernel
def bad(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]] = None) -> None:  # TC206
    z.store(z.load())
""",
            "a default on a tensor parameter",
        ),
        invalid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


@tr.kernel
def bad(z: Mutable[Tensor[f32]], *, a: float) -> None:  # TC206
    z.store(z.load() * a)
""",
            "a keyword-only parameter (a launch passes arguments in order)",
        ),
        invalid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


@tr.kernel
def bad(z: Mutable[f32]) -> None:  # TC206
    z.store(z.load())
""",
            "Mutable wraps Tensor[dt]",
        ),
        invalid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


@tr.kernel
def bad(z: Mutable[Tensor[f32]]) -> float:  # TC206
    z.store(z.load())
""",
            "kernels return nothing",
        ),
    ),
)
