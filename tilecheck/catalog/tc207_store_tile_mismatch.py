"""TC207 (store-tile-mismatch) in the catalog: what ``tilecheck explain TC207`` prints, and the
examples the tests check (each one the complete module a reader sees)."""

from __future__ import annotations

from tilecheck.catalog.base import Rule, invalid, valid
from tilecheck.codes import STORE_TILE_MISMATCH

RULE = Rule(
    code=STORE_TILE_MISMATCH,
    slug="store-tile-mismatch",
    summary="a store of a tile whose shape (or constant) cannot be the partition's tile",
    explanation="""\
`z.store(tile)` writes the block's own tile of the partition, so the tile must have exactly
the partition's tile shape: a `(64, 32)` tile cannot fill a `(64, 64)` tile of `z`, and a
reduced tile (`tl.sum(t, axis=1)`) has lost an axis. The runtime refuses such a store when the
kernel runs; tilecheck says so before, with the shapes it inferred. Its dtype is no problem:
a store converts the tile to the partition's dtype. A constant stored into an integer
partition must fit it (300 into `u8` is refused, as cuTile's compiler refuses it, not
wrapped).

Tile shapes are inferred through the kernel (`tl.zeros`, `x.load_tile`, arithmetic with
broadcasting, reductions, reshapes, `tl.mma`...), symbolically where a dimension comes from
`z.tile_shape` or a `Const` parameter. The partition's tile shape is `z.tile_shape`, known
only at a launch: where the module launches the kernel with the partition written out
(`scale(z.partition((64, 64)), x)`, or a name bound once to one), the kernel is checked with
that shape, and the finding names the launch. Anything not known (a shape computed at run
time, a partition passed in from elsewhere) is not reported.

Fix: build the tile from the partition's shape (`tl.zeros(z.tile_shape, ...)`,
`tl.load_tile_like(x, z)`, `x.load_tile(z.tile_shape, z.index)`), keep the reduced axis
(`keepdims=True`), or partition the output as the kernel stores it.""",
    scope="kernel",
    valid=(
        valid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f16, f32


@tr.kernel
def scale(z: Mutable[Tensor[f16]], x: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z) * 2.0)


def main() -> None:
    x = tr.ones((256, 256), dtype=f32)
    z = tr.zeros((256, 256), dtype=f16)
    scale(z.partition((64, 64)), x).sync()
""",
            "an f32 tile into an f16 partition: the store converts it; the shapes are one",
        ),
        valid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


@tr.kernel
def row_sums(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    rows = x.load_tile((64, 128), (z.index[0], 0))
    z.store(tl.sum(rows, axis=1, keepdims=True))


def main() -> None:
    x = tr.ones((256, 128), dtype=f32)
    z = tr.zeros((256, 1), dtype=f32)
    row_sums(z.partition((64, 1)), x).sync()
""",
            "a reduction that keeps its axis: (64, 1), the partition's tile",
        ),
        valid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


@tr.kernel
def blocked(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], block: Const[int]) -> None:
    z.store(x.load_tile((block,), z.index))


def main(n: int) -> None:
    x = tr.ones((1024,), dtype=f32)
    z = tr.zeros((1024,), dtype=f32)
    blocked(z.partition((n,)), x, n).sync()
""",
            "tile sizes chosen at run time: not known here, so nothing is said",
        ),
        valid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, u8


@tr.kernel
def saturate(z: Mutable[Tensor[u8]]) -> None:
    z.store(255)
""",
            "a constant the partition's dtype holds",
        ),
    ),
    invalid=(
        invalid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f16, f32


@tr.kernel
def half(z: Mutable[Tensor[f16]], x: Shared[Tensor[f32]]) -> None:
    z.store(x.load_tile((64, 32), z.index))  # TC207


def main() -> None:
    x = tr.ones((256, 256), dtype=f32)
    z = tr.zeros((256, 256), dtype=f16)
    half(z.partition((64, 64)), x).sync()
""",
            "a (64, 32) f32 tile into a partition of (64, 64) tiles",
        ),
        invalid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


@tr.kernel
def row_sums(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    rows = x.load_tile((64, 128), (z.index[0], 0))
    z.store(tl.sum(rows, axis=1))  # TC207


def main() -> None:
    x = tr.ones((256, 128), dtype=f32)
    out = tr.zeros((256, 1), dtype=f32)
    part = out.partition((64, 1))
    row_sums(part, x).sync()
""",
            "the reduction dropped its axis: (64,) into (64, 1) tiles (the partition bound "
            "to a name once)",
        ),
        invalid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32

TILE = 128


@tr.kernel
def fill(z: Mutable[Tensor[f32]]) -> None:
    for idx in z.tiles():
        z.store(tl.full((TILE,), 1.0, tl.f32), at=idx)  # TC207


def main() -> None:
    z = tr.zeros((4096,), dtype=f32)
    fill(z.partition((TILE // 2,)).mapped(blocks=8)).sync()
""",
            "a module constant in the kernel and at the launch: (128,) into (64,) tiles",
        ),
        invalid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, u8


@tr.kernel
def mark(z: Mutable[Tensor[u8]]) -> None:
    z.store(300)  # TC207


def main() -> None:
    z = tr.zeros((64,), dtype=u8)
    mark(z.partition((64,))).sync()
""",
            "300 does not fit u8: refused, not wrapped (no launch needed to see it)",
        ),
    ),
)
