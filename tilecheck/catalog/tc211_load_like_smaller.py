"""TC211 (load-like-smaller) in the catalog: what ``tilecheck explain TC211`` prints, and the
examples the tests check (each one the complete module a reader sees)."""

from __future__ import annotations

from tilecheck.catalog.base import Rule, invalid, valid
from tilecheck.codes import LOAD_LIKE_SMALLER

RULE = Rule(
    code=LOAD_LIKE_SMALLER,
    slug="load-like-smaller",
    summary="a tensor loaded in the tiles of a partition of a larger tensor",
    explanation="""\
`tl.load_tile_like(x, z)` reads the tile of `x` at the block's tile of the partition `z`, with
`z`'s tile shape (as `x.load_tile(z.tile_shape, z.index)` does). The blocks cover every tile of
`z`'s tensor, so where `x` is smaller than that tensor along an axis, the blocks past `x`'s
edge read zeros: on the GPU no error says so, and the kernel computes with data that is not
there. A tensor of another rank has no tile at `z`'s positions at all.

The check needs both tensors' shapes, which only a launch shows: the runtime checks each
launch with the real shapes (at the first launch of each launch signature, on every backend),
and tilecheck where the module launches the kernel with tensors made there with their shapes
written out (the finding names the launch). Only loads that run whenever the kernel does are
checked: one in an `if`, a `while` or a `range` loop may be in a branch a launch never takes.

Fix: pass tensors of one shape (a larger `x` is fine: the tiles read are inside it), or load
the tile meant with `x.load_tile(shape, index)`.""",
    scope="kernel",
    valid=(
        valid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32


@tr.kernel
def add(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], y: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z) + tl.load_tile_like(y, z))


def main() -> None:
    x = tr.ones((1000,), dtype=f32)
    y = tr.ones((1000,), dtype=f32)
    z = tr.zeros((1000,), dtype=f32)
    add(z.partition((128,)), x, y).sync()
""",
            "one shape: the last tile of each is an edge tile of both",
        ),
        valid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32


@tr.kernel
def head(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    z.store(x.load_tile(z.tile_shape, z.index) * 2.0)


def main() -> None:
    x = tr.ones((256, 128), dtype=f32)
    z = tr.zeros((128, 128), dtype=f32)
    head(z.partition((64, 64)), x).sync()
""",
            "a larger x: z's tiles are all inside it",
        ),
        valid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


@tr.kernel
def maybe_bias(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], bias: Shared[Tensor[f32]],
               has_bias: Const[bool]) -> None:
    t = tl.load_tile_like(x, z)
    if has_bias:
        t = t + tl.load_tile_like(bias, z)
    z.store(t)


def main() -> None:
    x = tr.ones((512,), dtype=f32)
    z = tr.zeros((512,), dtype=f32)
    maybe_bias(z.partition((128,)), x, tr.zeros((1,), dtype=f32), False).sync()
""",
            "a stand-in bias under a branch: a load in an `if` is not checked",
        ),
    ),
    invalid=(
        invalid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32


@tr.kernel
def add(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], y: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z) + tl.load_tile_like(y, z))  # TC211


def main() -> None:
    x = tr.ones((1000,), dtype=f32)
    y = tr.ones((900,), dtype=f32)
    z = tr.zeros((1000,), dtype=f32)
    add(z.partition((128,)), x, y).sync()
""",
            "y has 900 elements: the tiles of z past element 899 read zeros from y",
        ),
        invalid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32


@tr.kernel
def scale_rows(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    for idx in z.tiles():
        z.store(x.load_tile(z.tile_shape, idx) * 2.0, at=idx)  # TC211


def main() -> None:
    x = tr.ones((64, 256), dtype=f32)
    z = tr.zeros((128, 256), dtype=f32)
    scale_rows(z.partition((64, 256)).mapped(blocks=1), x).sync()
""",
            "the same load written out, in a persistent loop: rows 64-127 of z read zeros",
        ),
        invalid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32

N = 4096


@tr.kernel
def copy(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z))  # TC211


def main() -> None:
    x = tr.ones((N // 2,), dtype=f32)
    z = tr.zeros((N,), dtype=f32)
    copy(z.partition((256,)), x).sync()
""",
            "shapes from a module constant: x has half of z's elements",
        ),
    ),
)
