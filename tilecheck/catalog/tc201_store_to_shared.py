"""TC201 (store-to-shared) in the catalog: what ``tilecheck explain TC201`` prints, and the
examples the tests check (each one the complete module a reader sees)."""

from __future__ import annotations

from tilecheck.catalog.base import Rule, invalid, valid
from tilecheck.codes import STORE_TO_SHARED

RULE = Rule(
    code=STORE_TO_SHARED,
    slug="store-to-shared",
    summary="a store or write through a Shared (read-only) parameter",
    explanation="""\
A `Shared[Tensor[dt]]` parameter is an input that every block of the launch may read, all of
it, at the same time. The host hands it over as a shared borrow: other launches may be reading
the same tensor concurrently, and the same tensor may be passed twice to one launch. A write
through it would race with every one of those readers, so a Shared parameter has no `store`
at all, not even in an `unsafe=True` kernel.

The check follows local aliases (`w = x`) and reports `x.store(...)`, `tl.unsafe.store(x, ...)`
and item or attribute assignment (`x[i] = ...`) where `x` is Shared. Each block writes only
through Mutable parameters, and only its own tile of them.

Fix: declare the output as `Mutable[Tensor[dt]]` and pass a partition of it on the host; or,
if the kernel really updates the tensor in place, make that parameter Mutable and read the
block's tile with `z.load()`:

    @tr.kernel
    def scale(z: Mutable[Tensor[f32]], a: float) -> None:
        z.store(z.load() * a)""",
    scope="kernel",
    valid=(
        valid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


@tr.kernel
def axpy(y: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], a: float) -> None:
    out = y
    out.store(a * tl.load_tile_like(x, y) + y.load())
""",
            "a local alias of a Mutable parameter stores",
        ),
        valid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


@tr.kernel
def gather(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], k: Const[int]) -> None:
    tile = x.load_tile((k,), (0,))
    if x.shape[0] > 0:
        z.store(tl.load_tile_like(x, z) + tl.sum(tile))
""",
            "reading a Shared parameter any way is fine",
        ),
        valid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


@tr.kernel(unsafe=True)
def scatter(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    tl.unsafe.store(z, (0,), tl.load_tile_like(x, z))
""",
            "an unchecked store into a Mutable parameter",
        ),
        valid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


@tr.kernel
def pick(a: Mutable[Tensor[f32]], b: Mutable[Tensor[f32]], flag: bool) -> None:
    out = a if flag else b
    out.store(a.load() + b.load())
""",
            "an alias that may be either of two Mutable parameters stores",
        ),
    ),
    invalid=(
        invalid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


@tr.kernel
def bad(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    x.store(z.load())  # TC201
""",
            "a store through the input",
        ),
        invalid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


@tr.kernel
def bad(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    w = x
    w.store(z.load() * 2.0)  # TC201
""",
            "an alias of a Shared parameter is still Shared",
        ),
        invalid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


@tr.kernel(unsafe=True)
def bad(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    tl.unsafe.store(x, (0,), z.load())  # TC201
""",
            "unsafe=True allows unchecked stores into Mutable parameters only",
        ),
        invalid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


@tr.kernel
def bad(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    x[0] = z.load()  # TC201
""",
            "item assignment writes through the parameter",
        ),
        invalid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


@tr.kernel
def bad(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], flag: bool) -> None:
    out = z
    if flag:
        out = x
    out.store(tl.load_tile_like(x, z))  # TC201
""",
            "an alias is a may-alias: bound to the Shared parameter on one path is enough",
            typed=False,
        ),
        invalid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


@tr.kernel
def bad(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], flag: bool) -> None:
    out = x if flag else z
    out.store(tl.load_tile_like(x, z))  # TC201
""",
            "a conditional expression that may give the Shared parameter",
            typed=False,
        ),
        invalid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


@tr.kernel
def bad(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    a, b = z, x
    a, b = b, a
    a.store(tl.load_tile_like(x, z))  # TC201
""",
            "a swap hands the Shared parameter to the name stored through",
            typed=False,
        ),
        invalid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


@tr.kernel
def bad(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    out = z
    for i in range(2):
        if i == 1:
            out = x
        out.store(tl.load_tile_like(x, z))  # TC201
""",
            "rebound inside a loop: a later iteration stores through the Shared parameter",
            typed=False,
        ),
        invalid(
            """\
try:
    import tilert as tr
    import tilert.lang as tl
    from tilert import Mutable, Shared, Tensor, f32
except ImportError:  # tilert is optional
    tr = tl = None


@tr.kernel
def bad(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    x.store(tl.load_tile_like(x, z))  # TC201
""",
            "an optional import with a `None` fallback still means tilert",
            typed=False,
        ),
    ),
)
