"""TC202 (store-outside-tile) in the catalog: what ``tilecheck explain TC202`` prints, and the
examples the tests check (each one the complete module a reader sees)."""

from __future__ import annotations

from tilecheck.catalog.base import Rule, invalid, valid
from tilecheck.codes import STORE_OUTSIDE_TILE

RULE = Rule(
    code=STORE_OUTSIDE_TILE,
    slug="store-outside-tile",
    summary="a store (or load) at another block's tile, or of a tile shape that cannot fit",
    explanation="""\
A Mutable partition is split into disjoint tiles and each block of the launch owns one (or,
for a mapped partition, exactly the tiles that `z.tiles()` yields to it). `z.store(tile)`
writes the block's own tile; `z.store(tile, at=idx)` writes the tile at `idx`, which is safe
only if `idx` is one the block owns. Any other index names a tile that another block is
writing at the same moment: the two stores race, and reading such a tile with
`z.load(at=...)` reads half-written data.

The check accepts an `at=` index only when it is a loop variable of `for idx in z.tiles():`
over the same partition or another Mutable parameter's (through aliases; `for i, j in
z.tiles(): ... at=(i, j)` as well): a launch's partitions share one grid and mapping, so the
tiles one yields to a block are that block's in every one. An index computed any other way,
or taken from a Shared tensor's, is reported, as is
a store without `at=` inside a `tiles()` loop. It also reports tile shapes the kernel itself
proves wrong: two stores of different constant shapes into one partition (a partition has one
tile shape), or a tile of rank above 3. Shapes it cannot prove are checked at launch.

Fix: iterate the partition's own tiles, or build the tile from the partition's shape:

    @tr.kernel
    def double(z: Mutable[Tensor[f32]]) -> None:
        for idx in z.tiles():
            z.store(z.load(at=idx) * 2.0, at=idx)

If blocks really must write each other's tiles, that is an unchecked kernel:
`@tr.kernel(unsafe=True)` with `tl.unsafe.store`, which the interpreter checks for races.""",
    scope="kernel",
    valid=(
        valid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


@tr.kernel
def double(z: Mutable[Tensor[f32]]) -> None:
    for idx in z.tiles():
        z.store(z.load(at=idx) * 2.0, at=idx)
""",
            "a mapped partition: each index from the partition's own tiles()",
        ),
        valid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


@tr.kernel
def centre(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    total = tl.zeros(z.tile_shape, tl.f32)
    for idx in z.tiles():
        total = total + tl.load_tile_like(x, z, at=idx)
    for idx in z.tiles():
        z.store(tl.load_tile_like(x, z, at=idx) - total, at=idx)
""",
            "two loops over the partition's tiles, one index name: both are the block's tiles",
        ),
        valid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


@tr.kernel
def copy2d(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    out = z
    for i, j in out.tiles():
        z.store(x.load_tile(z.tile_shape, (i, j)), at=(i, j))
""",
            "a tuple index written back in order, through an alias",
        ),
        valid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


@tr.kernel
def fill(a: Mutable[Tensor[f32]], b: Mutable[Tensor[f32]]) -> None:
    a.store(b.load())
    b.store(tl.zeros((64,), f32))
""",
            "storing another Mutable parameter's tile; a constant shape alone proves nothing",
        ),
        valid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32


@tr.kernel
def split_out(lo: Mutable[Tensor[f32]], hi: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    for idx in lo.tiles():
        t = x.load_tile(lo.tile_shape, idx)
        lo.store(tl.minimum(t, 0.0), at=idx)
        hi.store(tl.maximum(t, 0.0), at=idx)
""",
            "one index for two co-mapped Mutable partitions: a launch gives them one grid and "
            "mapping",
        ),
        valid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


@tr.kernel
def scale2d(z: Mutable[Tensor[f32]], a: float) -> None:
    for idx in z.tiles():
        i, j = idx
        z.store(z.load(at=(i, j)) * a, at=(i, j))
""",
            "the index unpacked and written back in order is the block's own tile",
        ),
        valid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], a: float) -> None:
    for idx in z.tiles():
        i = idx
        z.store(z.load(at=idx) * a + tl.load_tile_like(x, z, at=i), at=i)
""",
            "an unmodified alias of the index is the index",
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
    z.store(z.load(), at=(0,))  # TC202
""",
            "every block writes tile 0",
        ),
        invalid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


@tr.kernel
def bad(z: Mutable[Tensor[f32]]) -> None:
    for idx in z.tiles():
        z.store(z.load(at=idx) + 1.0)  # TC202
""",
            "inside the tiles() loop, the store must say which tile",
        ),
        invalid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


@tr.kernel
def bad(z: Mutable[Tensor[f32]], wide: bool) -> None:
    if wide:
        z.store(tl.zeros((128,), f32))
    else:
        z.store(tl.zeros((64,), f32))  # TC202
""",
            "two constant tile shapes for one partition",
        ),
        invalid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


@tr.kernel
def bad(z: Mutable[Tensor[f32]], a: float) -> None:
    for idx in z.tiles():
        i, j = idx
        z.store(z.load(at=(i, j)) * a, at=(i + 1, j))  # TC202
""",
            "an unpacked index changed before it is written back names a neighbour's tile",
        ),
        invalid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


@tr.kernel
def bad(z: Mutable[Tensor[f32]], a: float) -> None:
    for idx in z.tiles():
        i, j = idx
        z.store(z.load(at=(i, j)) * a, at=(j, i))  # TC202
""",
            "elements written back out of order name another tile",
        ),
    ),
)
