"""TC106 (wrong-argument-kind) in the catalog: what ``tilecheck explain TC106`` prints, and the
examples the tests check (each one the complete module a reader sees)."""

from __future__ import annotations

from tilecheck.catalog.base import Rule, invalid, valid
from tilecheck.catalog.calls_and_branches import INVALID as CALLS_INVALID
from tilecheck.catalog.collectives import INVALID as COLLECTIVE_INVALID
from tilecheck.catalog.fresh3_gaps import INVALID as GAPS_INVALID
from tilecheck.catalog.fresh3_gaps import VALID as GAPS_VALID
from tilecheck.catalog.round11_python import INVALID as ROUND11_INVALID
from tilecheck.catalog.round11_python import VALID as ROUND11_VALID
from tilecheck.catalog.round16_alarms import INVALID as ALARMS16_INVALID
from tilecheck.catalog.round16_alarms import VALID as ALARMS16_VALID
from tilecheck.catalog.round20c import INVALID as TASKS20C_INVALID
from tilecheck.catalog.round20c import VALID as TASKS20C_VALID
from tilecheck.catalog.round22l import INVALID as OBJECTS22L_INVALID
from tilecheck.catalog.round22l import VALID as OBJECTS22L_VALID
from tilecheck.catalog.round25c import INVALID as ROUND25C_INVALID
from tilecheck.catalog.round25c import VALID as ROUND25C_VALID
from tilecheck.catalog.round26c import INVALID as ROUND26C_INVALID
from tilecheck.catalog.round26c import VALID as ROUND26C_VALID
from tilecheck.catalog.round29n import INVALID as ROUND29N_INVALID
from tilecheck.catalog.round29n import VALID as ROUND29N_VALID
from tilecheck.catalog.round29n2 import INVALID as ROUND29N2_INVALID
from tilecheck.catalog.round29n2 import VALID as ROUND29N2_VALID
from tilecheck.catalog.round31g import INVALID as ROUND31G_INVALID
from tilecheck.catalog.round31g import VALID as ROUND31G_VALID
from tilecheck.catalog.round32d import INVALID as ROUND32D_INVALID
from tilecheck.catalog.round32d import VALID as ROUND32D_VALID
from tilecheck.catalog.round39r import INVALID as ROUND39R_INVALID
from tilecheck.catalog.round39r import VALID as ROUND39R_VALID
from tilecheck.catalog.rows_and_library import INVALID as ROWS_INVALID
from tilecheck.codes import WRONG_ARGUMENT_KIND

RULE = Rule(
    code=WRONG_ARGUMENT_KIND,
    slug="wrong-argument-kind",
    summary="a plain tensor to a Mutable parameter, a partition to a Shared one, or wrong arity",
    explanation="""\
A kernel's signature says how each argument is shared: a Mutable parameter takes a Partition
(the tensor split into the disjoint tiles the blocks write), a Shared parameter takes the
Tensor itself (read-only, visible to every block), a scalar takes a Python or numpy number.
The kind is the whole ownership contract of the launch, so it must match.

Passing a whole tensor where a partition is expected leaves the launch without disjoint tiles
to hand out to its blocks; passing a partition to a Shared parameter would let every block read
a buffer that was reserved for writing. The runtime refuses both with a BorrowError; tilecheck
reports them before the program runs, together with calls that do not fit the signature (too
many arguments, an unknown keyword, a missing parameter). `grid=` is accepted by every kernel
call.

Fix: `k(z.partition(tile_shape), x, ...)` — partitions for Mutable, tensors for Shared.""",
    scope="host",
    valid=(
        valid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32


@tr.kernel
def split(lo: Mutable[Tensor[f32]], hi: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    t = tl.load_tile_like(x, lo)
    lo.store(tl.minimum(t, 0.0))
    hi.store(tl.maximum(t, 0.0))


def main() -> None:
    outs = [tr.zeros((256,)) for _ in range(2)]
    split(*(o.partition((64,)) for o in outs), tr.ones((256,))).sync()
""",
            "a starred generator of partitions: the arguments after it bind where it ends",
        ),
        valid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32


@tr.kernel
def add(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], y: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z) + tl.load_tile_like(y, z))


def main() -> None:
    x, y, z = tr.ones((256,)), tr.ones((256,)), tr.zeros((256,))
    add(z.partition((64,)), x, y).sync()
""",
            "a partition for Mutable, tensors for Shared",
        ),
        valid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32


@tr.kernel
def add(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], y: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z) + tl.load_tile_like(y, z))


def main() -> None:
    x, y, z = tr.ones((256,)), tr.ones((256,)), tr.zeros((256,))
    add(y=y, x=x, z=z.partition((64,))).sync()
""",
            "by keyword",
        ),
        valid(
            """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def main(factor: float) -> None:
    z = tr.zeros((256,))
    scale(z.partition((64,)), a=factor, grid=(4,)).sync()
""",
            "a scalar by keyword, and grid=",
        ),
        *GAPS_VALID["TC106"],
        *ROUND11_VALID["TC106"],
        *ALARMS16_VALID["TC106"],
        *TASKS20C_VALID["TC106"],
        *OBJECTS22L_VALID["TC106"],
        *ROUND25C_VALID["TC106"],
        *ROUND26C_VALID["TC106"],
        *ROUND29N_VALID["TC106"],
        *ROUND29N2_VALID["TC106"],
        *ROUND31G_VALID["TC106"],
        *ROUND32D_VALID["TC106"],
        *ROUND39R_VALID["TC106"],
    ),
    invalid=(
        invalid(
            """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def main() -> None:
    z = tr.zeros((256,))
    scale(z, 2.0).sync()  # TC106
""",
            "a tensor to a Mutable parameter",
        ),
        invalid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32


@tr.kernel
def copy(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z))


def main() -> None:
    x, z = tr.ones((256,)), tr.zeros((256,))
    copy(z.partition((64,)), x.partition((64,))).sync()  # TC106
""",
            "a partition to a Shared parameter",
        ),
        invalid(
            """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def main() -> None:
    z = tr.zeros((256,))
    scale(z.partition((64,)), 2.0, 3.0).sync()  # TC106
""",
            "too many arguments",
        ),
        invalid(
            """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def main() -> None:
    z = tr.zeros((256,))
    scale(z.partition((64,)), factor=2.0).sync()  # TC106
""",
            "an unknown keyword (and so `a` is missing, reported once)",
        ),
        invalid(
            """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def main() -> None:
    x, z = tr.ones((256,)), tr.zeros((256,))
    scale(z.partition((64,)), x).sync()  # TC106
""",
            "a tensor to a scalar parameter",
        ),
        invalid(
            """\
import tilert as tr
from tilert import Mutable, Shared, Tensor, f32


ADD = 'extern "C" __global__ void add(float* z, const float* x, int n) { /* ... */ }'
cuda_add = tr.cuda_kernel(
    ADD, "add", params=[Mutable[Tensor[f32]], Shared[Tensor[f32]], int], block=256
)


def main() -> None:
    x, z = tr.ones((256,)), tr.zeros((256,))
    cuda_add(z, x, 256).sync()  # TC106
""",
            "a tensor to a Mutable parameter of a `tr.cuda_kernel` (its `params` list)",
            typed=False,
        ),
        invalid(
            """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


class Scaler:
    def __init__(self) -> None:
        self.values = tr.ones((256,))

    def apply(self) -> None:
        scale(self.values, 2.0).sync()  # TC106


def main() -> None:
    Scaler().apply()
""",
            "a tensor attribute passed where a partition is due",
            typed=False,
        ),
        *COLLECTIVE_INVALID["TC106"],
        *ROWS_INVALID["TC106"],
        *CALLS_INVALID["TC106"],
        *GAPS_INVALID["TC106"],
        *ROUND11_INVALID["TC106"],
        *ALARMS16_INVALID["TC106"],
        *TASKS20C_INVALID["TC106"],
        *OBJECTS22L_INVALID["TC106"],
        *ROUND25C_INVALID["TC106"],
        *ROUND26C_INVALID["TC106"],
        *ROUND29N_INVALID["TC106"],
        *ROUND29N2_INVALID["TC106"],
        *ROUND31G_INVALID["TC106"],
        *ROUND32D_INVALID["TC106"],
        *ROUND39R_INVALID["TC106"],
    ),
)
