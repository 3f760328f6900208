"""TC210 (load-outside-tensor) in the catalog: what ``tilecheck explain TC210`` prints, and the
examples the tests check (each one the complete module a reader sees)."""

from __future__ import annotations

from tilecheck.catalog.base import Rule, invalid, valid
from tilecheck.codes import LOAD_OUTSIDE_TENSOR

RULE = Rule(
    code=LOAD_OUTSIDE_TENSOR,
    slug="load-outside-tensor",
    summary="a load_tile at a constant index entirely outside the tensor",
    explanation="""\
`x.load_tile(shape, index)` reads the tile at tile-space `index`: along each axis, elements
`index * shape` to `(index + 1) * shape - 1`. Past the tensor's edge a load reads zeros (an
edge tile is partly zeros, and that is how kernels handle sizes that are not multiples of the
tile). A tile that starts at or past the end of an axis, or at a negative index, is only
zeros: no error says so, and the kernel computes with data that is not there.

The check looks at the constant parts of the index (literals, module constants, `Const`
parameters) and needs the tensor's shape, which only a launch shows: where the module launches
the kernel with a tensor made there with its shape written out (`tr.zeros((256, 128))`), the
kernel is checked against it, and the finding names the launch. An index computed at run
time, or a tensor whose shape is not known, is not reported.

Fix: index inside the tensor (`cdiv(n, tile)` tiles along an axis of `n` elements), or make
the tile or the tensor the size the kernel means.""",
    scope="kernel",
    valid=(
        valid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


@tr.kernel
def last_rows(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    z.store(x.load_tile((64, 128), (3, 0)))


def main() -> None:
    x = tr.ones((256, 128), dtype=f32)
    z = tr.zeros((64, 128), dtype=f32)
    last_rows(z.partition((64, 128)), x).sync()
""",
            "the fourth tile of rows 192-255: inside",
        ),
        valid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


@tr.kernel
def tail(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    z.store(x.load_tile((64,), (1,)))


def main() -> None:
    x = tr.ones((100,), dtype=f32)
    z = tr.zeros((64,), dtype=f32)
    tail(z.partition((64,)), x).sync()
""",
            "an edge tile: elements 64-127 of 100, partly inside (the rest reads zeros)",
        ),
        valid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


@tr.kernel
def first(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    z.store(x.load_tile((64,), (8,)))


def main(x: tr.Tensor[f32]) -> None:
    z = tr.zeros((64,), dtype=f32)
    first(z.partition((64,)), x).sync()
""",
            "the tensor comes from elsewhere: its shape is not known, so nothing is said",
        ),
    ),
    invalid=(
        invalid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


@tr.kernel
def rows(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    z.store(x.load_tile((64, 128), (4, 0)))  # TC210


def main() -> None:
    x = tr.ones((256, 128), dtype=f32)
    z = tr.zeros((64, 128), dtype=f32)
    rows(z.partition((64, 128)), x).sync()
""",
            "rows 256-319 of a tensor of 256 rows",
        ),
        invalid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


@tr.kernel
def before(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    z.store(x.load_tile((64,), (-1,)))  # TC210


def main() -> None:
    x = tr.ones((256,), dtype=f32)
    z = tr.zeros((64,), dtype=f32)
    before(z.partition((64,)), x).sync()
""",
            "a negative index: before the first element",
        ),
        invalid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32

N = 512


@tr.kernel
def window(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], start: Const[int]) -> None:
    z.store(x.load_tile((128,), (start,)))  # TC210


def main() -> None:
    x = tr.ones((N,), dtype=f32)
    z = tr.zeros((128,), dtype=f32)
    window(z.partition((128,)), x, N // 128).sync()
""",
            "a Const index from the launch: tile 4 of 128 starts at element 512 of 512",
        ),
    ),
)
