"""TC205 (bad-tile-shape) in the catalog: what ``tilecheck explain TC205`` prints, and the
examples the tests check (each one the complete module a reader sees)."""

from __future__ import annotations

from tilecheck.catalog.base import Rule, invalid, valid
from tilecheck.codes import BAD_TILE_SHAPE

RULE = Rule(
    code=BAD_TILE_SHAPE,
    slug="bad-tile-shape",
    summary="a constant tile shape that is not a positive power of two",
    explanation="""\
Tile IR, the compiler under cuTile, requires every dimension of a tile to be a power of two:
tiles map onto registers, warps and tensor-core fragments whose sizes are powers of two, and a
shape like `(100,)` does not compile. A shape with a zero or negative dimension is not a tile
at all.

The check looks at shapes written as constants in the kernel: the shape argument of
`tl.zeros`, `tl.full`, `tl.reshape`, `tl.broadcast_to` and `x.load_tile`, and the length of
`tl.arange`, when they are integer literals or arithmetic on literals (`1 << 6`, `2 * 32`).
Names, such as `Const[int]` parameters or `z.tile_shape`, are not constant here; the runtime
checks their values when it specializes the kernel.

Fix: round the dimension up to the next power of two and mask the extra elements (compare an
`tl.arange` against the real size, as in `examples/softmax.py`), or derive the shape from the
partition (`z.tile_shape`) so that the host chooses it:

    acc = tl.zeros(z.tile_shape, tl.f32)""",
    scope="kernel",
    valid=(
        valid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


@tr.kernel
def fill(z: Mutable[Tensor[f32]]) -> None:
    t = tl.zeros((64, 128), f32) + tl.full((1 << 6, 2 * 64), 1.0, f32)
    z.store(tl.reshape(t, (128, 64)))
""",
            "powers of two, also as arithmetic on literals",
        ),
        valid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


@tr.kernel
def blocked(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], block: Const[int]) -> None:
    acc = tl.zeros((block,), f32)
    z.store(acc + x.load_tile((block,), (0,)))
""",
            "a Const parameter as a shape: checked when the kernel is specialized",
        ),
        valid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


@tr.kernel
def iota(z: Mutable[Tensor[f32]]) -> None:
    cols = tl.arange(z.tile_shape[0], dtype=tl.i32)
    z.store(tl.astype(cols, tl.f32) + tl.zeros(z.tile_shape, tl.f32))
""",
            "shapes taken from the partition",
        ),
    ),
    invalid=(
        invalid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


@tr.kernel
def bad(z: Mutable[Tensor[f32]]) -> None:
    z.store(tl.zeros((100,), f32))  # TC205
""",
            "100 is not a power of two",
        ),
        invalid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


@tr.kernel
def bad(z: Mutable[Tensor[f32]]) -> None:
    cols = tl.arange(48, dtype=tl.i32)  # TC205
    z.store(tl.astype(cols, tl.f32))
""",
            "an arange of 48 elements",
        ),
        invalid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


@tr.kernel
def bad(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    t = x.load_tile((64, 0), (0, 0))  # TC205
    z.store(tl.sum(t))
""",
            "a zero dimension",
        ),
        invalid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


@tr.kernel
def bad(z: Mutable[Tensor[f32]]) -> None:
    t = tl.reshape(z.load(), (3, 64))  # TC205
    z.store(tl.reshape(t, (192,)))  # TC205
""",
            "reshape targets must be tiles too",
        ),
    ),
)
