"""TC209 (reshape-size-mismatch) in the catalog: what ``tilecheck explain TC209`` prints, and
the examples the tests check (each one the complete module a reader sees)."""

from __future__ import annotations

from tilecheck.catalog.base import Rule, invalid, valid
from tilecheck.codes import RESHAPE_SIZE_MISMATCH

RULE = Rule(
    code=RESHAPE_SIZE_MISMATCH,
    slug="reshape-size-mismatch",
    summary="a reshape of a tile into a shape with another number of elements",
    explanation="""\
`tl.reshape(t, shape)` (and `t.reshape(...)`) lays the same elements out in another shape,
so the new shape must hold exactly as many elements as the tile: a `(64, 32)` tile (2048
elements) can become `(2048,)` or `(32, 64)`, never `(64, 64)`. The interpreter refuses such a
reshape when the kernel runs, and cuTile when it compiles.

tilecheck counts the elements from the shapes it infers, as products of symbols where
dimensions come from `z.tile_shape` or `Const` parameters: `(1, bm, bk)` into `(bm, bk)`
keeps `bm*bk` elements, `(bm, bk)` into `(bm, 2*bk)` certainly does not. Counts that cannot be
compared from the kernel alone (`bm*bk` and `bn*bk`) are compared with the values of each
launch the module makes, where it shows them.

Fix: reshape into a shape with the same number of elements; to change the number, use
`tl.extract`, a constant slice (`t[:, 0:32]`), `tl.broadcast_to` or `tl.cat`.""",
    scope="kernel",
    valid=(
        valid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


@tr.kernel
def batch_row(c: Mutable[Tensor[f32]], a: Shared[Tensor[f32]], bk: Const[int]) -> None:
    z, i, _ = c.index
    _, bm, bn = c.tile_shape
    t = tl.reshape(a.load_tile((1, bm, bk), (z, i, 0)), (bm, bk))
    c.store(tl.reshape(tl.sum(t, axis=1, keepdims=True) + tl.zeros((bm, bn), tl.f32), (1, bm, bn)))
""",
            "dropping a unit axis and putting it back: bm*bk and bm*bn elements kept",
        ),
        valid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


@tr.kernel
def flat(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    t = x.load_tile((64, 32), (0, 0))
    z.store(tl.reshape(t, (2048,)))
""",
            "(64, 32) into (2048,)",
        ),
        valid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


@tr.kernel
def flat(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], bm: Const[int], bk: Const[int]) -> None:
    t = x.load_tile((bm, bk), (z.index[0], 0))
    z.store(t.reshape(bm * bk))
""",
            "the tile's own reshape, symbolically: bm*bk elements either way",
        ),
    ),
    invalid=(
        invalid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


@tr.kernel
def grow(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    t = x.load_tile((64, 32), (0, 0))
    z.store(tl.reshape(t, (64, 64)))  # TC209


def main() -> None:
    x = tr.ones((64, 32), dtype=f32)
    z = tr.zeros((64, 64), dtype=f32)
    grow(z.partition((64, 64)), x).sync()
""",
            "2048 elements into 4096",
        ),
        invalid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


@tr.kernel
def grow(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], bm: Const[int], bk: Const[int]) -> None:
    t = x.load_tile((bm, bk), (z.index[0], 0))
    z.store(tl.reshape(t, (bm, 2 * bk)))  # TC209


def main() -> None:
    x = tr.ones((64, 64), dtype=f32)
    z = tr.zeros((64, 64), dtype=f32)
    grow(z.partition((32, 64)), x, 32, 32).sync()
""",
            "bm*bk elements into 2*bm*bk, whatever bm and bk are",
        ),
        invalid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


@tr.kernel
def flatten(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    t = tl.reshape(tl.load_tile_like(x, z), (64,))  # TC209
    z.store(tl.load_tile_like(x, z) - tl.max(t))


def main() -> None:
    x = tr.ones((64, 64), dtype=f32)
    z = tr.zeros((64, 64), dtype=f32)
    flatten(z.partition((16, 16)), x).sync()
""",
            "with this launch the tile is (16, 16): 256 elements, not 64",
        ),
    ),
)
