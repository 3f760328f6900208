"""TC203 (unsafe-op) in the catalog: what ``tilecheck explain TC203`` prints, and the
examples the tests check (each one the complete module a reader sees)."""

from __future__ import annotations

from tilecheck.catalog.base import Rule, invalid, valid
from tilecheck.codes import UNSAFE_OP

RULE = Rule(
    code=UNSAFE_OP,
    slug="unsafe-op",
    summary="an unchecked device op in a kernel not marked `unsafe=True`",
    explanation="""\
`tl.unsafe.*` (`tl.unsafe.store(tensor, index, tile)` into any tile of a Mutable tensor,
atomics) steps outside the tile ownership that makes kernels race-free: two blocks can write
the same elements, and nothing in the type of the kernel says so. As in cuTile Rust, this is
allowed, but only where the author says so, visibly and greppably: on the kernel's decorator.

A safe kernel (plain `@tr.kernel`) that uses any `tl.unsafe` name, called or not, however it
was imported, is reported. `@tr.function` helpers cannot be unsafe at all: their callers'
safety would then depend on the helper's body.

Fix: store through the block's own tile (`z.store(tile)`), or, when the algorithm needs
scattered writes, mark the kernel and take responsibility for what blocks write (the
interpreter backend checks every element for races):

    @tr.kernel(unsafe=True)
    def scatter(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
        tl.unsafe.store(z, (0,), tl.load_tile_like(x, z))""",
    scope="kernel",
    valid=(
        valid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


@tr.kernel(unsafe=True)
def scatter(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    tl.unsafe.store(z, (0,), tl.load_tile_like(x, z))
""",
            "the kernel is marked",
        ),
        valid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


@tr.kernel(unsafe=True, occupancy=2)
def spread(z: Mutable[Tensor[f32]], n: Const[int]) -> None:
    tile = z.load()
    for i in range(n):
        tl.unsafe.store(z, (i,), tile)
""",
            "marked, with other compiler options",
        ),
        valid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


from tilert.lang import unsafe


@tr.kernel
def safe(z: Mutable[Tensor[f32]]) -> None:
    unsafe = z.load()
    z.store(unsafe * 2.0)
""",
            "a local that shadows the imported `unsafe` module",
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
    tl.unsafe.store(z, (0,), z.load())  # TC203
""",
            "an unchecked store in a safe kernel",
        ),
        invalid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


from tilert.lang import unsafe as raw


@tr.kernel
def bad(z: Mutable[Tensor[f32]]) -> None:
    raw.store(z, (0,), z.load())  # TC203
""",
            "imported under another name",
        ),
        invalid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


@tr.kernel
def bad(z: Mutable[Tensor[f32]]) -> None:
    ops = tl.unsafe  # TC203
    z.store(z.load())
""",
            "any use of tl.unsafe, not only calls",
        ),
        invalid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


@tr.function
def poke(z: Mutable[Tensor[f32]]) -> None:
    tl.unsafe.store(z, (0,), z.load())  # TC203
""",
            "helpers cannot be unsafe",
        ),
    ),
)
