"""TC101 (mutable-alias) in the catalog: what ``tilecheck explain TC101`` prints, and the
examples the tests check (each one the complete module a reader sees)."""

from __future__ import annotations

from tilecheck.catalog.base import Rule, invalid, valid
from tilecheck.catalog.calls_and_branches import INVALID as CALLS_INVALID
from tilecheck.catalog.fresh3_gaps import INVALID as GAPS_INVALID
from tilecheck.catalog.fresh3_gaps import VALID as GAPS_VALID
from tilecheck.catalog.fresh4_round9 import INVALID as ROUND9_INVALID
from tilecheck.catalog.fresh4_round9 import VALID as ROUND9_VALID
from tilecheck.catalog.fresh5_values import INVALID as VALUES_INVALID
from tilecheck.catalog.fresh5_values import VALID as VALUES_VALID
from tilecheck.catalog.fresh_lanes import INVALID as LANES_INVALID
from tilecheck.catalog.fresh_silences import INVALID as FRESH_INVALID
from tilecheck.catalog.fresh_silences import VALID as FRESH_VALID
from tilecheck.catalog.round12_values import INVALID as VALUES12_INVALID
from tilecheck.catalog.round12_values import VALID as VALUES12_VALID
from tilecheck.catalog.round13_capture import INVALID as CAPTURE13_INVALID
from tilecheck.catalog.round13_capture import VALID as CAPTURE13_VALID
from tilecheck.catalog.round17a_methods import INVALID as METHODS17A_INVALID
from tilecheck.catalog.round17a_methods import VALID as METHODS17A_VALID
from tilecheck.catalog.round17b_unknown_code import INVALID as UNKNOWN17B_INVALID
from tilecheck.catalog.round17c import INVALID as CONTAINERS17C_INVALID
from tilecheck.catalog.round17c import VALID as CONTAINERS17C_VALID
from tilecheck.catalog.round23c import INVALID as ROUND23C_INVALID
from tilecheck.catalog.round23c import VALID as ROUND23C_VALID
from tilecheck.catalog.round24f import INVALID as ROUND24F_INVALID
from tilecheck.catalog.round24f import VALID as ROUND24F_VALID
from tilecheck.catalog.round25c import INVALID as ROUND25C_INVALID
from tilecheck.catalog.round25c import VALID as ROUND25C_VALID
from tilecheck.catalog.round28h import INVALID as ROUND28H_INVALID
from tilecheck.catalog.round28h import VALID as ROUND28H_VALID
from tilecheck.catalog.round28i import INVALID as ROUND28I_INVALID
from tilecheck.catalog.round28i import VALID as ROUND28I_VALID
from tilecheck.catalog.round31k import INVALID as ROUND31K_INVALID
from tilecheck.catalog.round31k import VALID as ROUND31K_VALID
from tilecheck.catalog.round32c import INVALID as ROUND32C_INVALID
from tilecheck.catalog.round32c import VALID as ROUND32C_VALID
from tilecheck.catalog.round32l import INVALID as ROUND32L_INVALID
from tilecheck.catalog.round32l import VALID as ROUND32L_VALID
from tilecheck.catalog.round33h import INVALID as ROUND33H_INVALID
from tilecheck.catalog.round33h import VALID as ROUND33H_VALID
from tilecheck.catalog.round33m import INVALID as ROUND33M_INVALID
from tilecheck.catalog.round33m import VALID as ROUND33M_VALID
from tilecheck.catalog.round34k import INVALID as ROUND34K_INVALID
from tilecheck.catalog.round34k import VALID as ROUND34K_VALID
from tilecheck.catalog.round35f import INVALID as ROUND35F_INVALID
from tilecheck.catalog.round35f import VALID as ROUND35F_VALID
from tilecheck.catalog.round36c import INVALID as ROUND36C_INVALID
from tilecheck.catalog.round36c import VALID as ROUND36C_VALID
from tilecheck.catalog.round36m import INVALID as ROUND36M_INVALID
from tilecheck.catalog.round36m import VALID as ROUND36M_VALID
from tilecheck.codes import MUTABLE_ALIAS

RULE = Rule(
    code=MUTABLE_ALIAS,
    slug="mutable-alias",
    summary="a tensor passed as a Mutable partition and again (Shared or Mutable) in one launch",
    explanation="""\
A launch writes each Mutable argument through a partition: every tile block owns one tile and
writes it while the other blocks run at the same time. If the same tensor is also passed as a
Shared argument, blocks read elements that other blocks are writing, in no defined order; if it
is passed as two Mutable partitions, two blocks own the same elements. Either way the result
depends on the GPU's scheduling: a data race.

tilecheck follows names through aliases (`w = z`) and reports the argument that repeats a
tensor already written through a partition of the same launch. Inside one call this rule is
reported instead of TC104 (the partition is alive while the call's arguments are evaluated, but
the root cause is the aliasing).

Fix: write into a separate output tensor and copy back afterwards, or split the work into two
launches that run one after the other (sync the first before launching the second).""",
    scope="host",
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
    x = tr.ones((256,))
    z = tr.zeros((256,))
    add(z.partition((64,)), x, x).sync()
""",
            "the same tensor twice as Shared is fine: both only read",
        ),
        valid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Tensor, f32


@tr.kernel
def fill2(a: Mutable[Tensor[f32]], b: Mutable[Tensor[f32]], v: float) -> None:
    a.store(tl.full(a.tile_shape, v, tl.f32))
    b.store(tl.full(b.tile_shape, v, tl.f32))


def main() -> None:
    a, b = tr.zeros((256,)), tr.zeros((256,))
    fill2(a.partition((64,)), b.partition((64,)), 1.0).sync()
""",
            "two Mutable partitions of two tensors",
        ),
        valid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32


@tr.kernel
def copy(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z))


def main() -> None:
    x, z = tr.ones((256,)), tr.zeros((256,))
    copy(z.partition((64,)), x).sync()
    copy(x.partition((64,)), z).sync()
""",
            "one launch after the other, each synced",
        ),
        valid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32


@tr.kernel
def copy(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z))


def main() -> None:
    a, b = tr.ones((256,)), tr.zeros((256,))
    for _ in range(3):
        copy(b.partition((64,)), a).sync()
        a, b = b, a
""",
            "ping-pong: after the swap each name may hold either tensor, never both the same",
        ),
        valid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32


@tr.kernel
def copy(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z))


def main(forward: bool) -> None:
    x, y = tr.ones((256,)), tr.zeros((256,))
    if forward:
        src, dst = x, y
    else:
        src, dst = y, x
    copy(dst.partition((64,)), src).sync()
""",
            "source and destination picked per branch: different tensors on every path",
        ),
        *FRESH_VALID["TC101"],
        *GAPS_VALID["TC101"],
        *ROUND9_VALID["TC101"],
        *VALUES_VALID["TC101"],
        *VALUES12_VALID["TC101"],
        *CAPTURE13_VALID["TC101"],
        *METHODS17A_VALID["TC101"],
        *CONTAINERS17C_VALID["TC101"],
        *ROUND23C_VALID["TC101"],
        *ROUND24F_VALID["TC101"],
        *ROUND25C_VALID["TC101"],
        *ROUND28H_VALID["TC101"],
        *ROUND28I_VALID["TC101"],
        *ROUND31K_VALID["TC101"],
        *ROUND32C_VALID["TC101"],
        *ROUND32L_VALID["TC101"],
        *ROUND33H_VALID["TC101"],
        *ROUND33M_VALID["TC101"],
        *ROUND34K_VALID["TC101"],
        *ROUND35F_VALID["TC101"],
        *ROUND36C_VALID["TC101"],
        *ROUND36M_VALID["TC101"],
    ),
    invalid=(
        invalid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32


@tr.kernel
def add(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], y: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z) + tl.load_tile_like(y, z))


def main() -> None:
    z = tr.ones((256,))
    add(z.partition((64,)), z, z).sync()  # TC101
""",
            "written through a partition and read by the same launch",
        ),
        invalid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Tensor, f32


@tr.kernel
def fill2(a: Mutable[Tensor[f32]], b: Mutable[Tensor[f32]], v: float) -> None:
    a.store(tl.full(a.tile_shape, v, tl.f32))
    b.store(tl.full(b.tile_shape, v, tl.f32))


def main() -> None:
    z = tr.zeros((256,))
    p = z.partition((64,))
    fill2(p, p, 1.0).sync()  # TC101
""",
            "one partition passed to two Mutable parameters",
        ),
        invalid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Tensor, f32


@tr.kernel
def fill2(a: Mutable[Tensor[f32]], b: Mutable[Tensor[f32]], v: float) -> None:
    a.store(tl.full(a.tile_shape, v, tl.f32))
    b.store(tl.full(b.tile_shape, v, tl.f32))


def main() -> None:
    z = tr.zeros((256,))
    fill2(z.partition((64,)), z.partition((32,)), 1.0).sync()  # TC101
""",
            "two partitions of one tensor in one launch (TC101, not TC104)",
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
    z = tr.zeros((256,))
    w = z
    copy(z.partition((64,)), w).sync()  # TC101
""",
            "an alias is the same tensor",
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
    a, b = tr.ones((256,)), tr.zeros((256,))
    for _ in range(3):
        copy(b.partition((64,)), a).sync()
        a, b = b, a
    copy(b.partition((64,)), b).sync()  # TC101
""",
            "one name is one tensor, whichever of two it may be",
        ),
        invalid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32


@tr.kernel
def copy(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z))


def main(inplace: bool) -> None:
    x, z = tr.ones((256,)), tr.zeros((256,))
    w = z if inplace else x
    copy(z.partition((64,)), w).sync()  # TC101
""",
            "an argument that may alias one tensor on some path is an alias there",
            typed=False,
        ),
        invalid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32


@tr.kernel
def add(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], y: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z) + tl.load_tile_like(y, z))


fast_add = add.with_options(occupancy=2)


def main() -> None:
    z = tr.zeros((256,))
    fast_add(z.partition((64,)), z, z).sync()  # TC101
""",
            "a variant of a kernel kept under another name is the same kernel",
        ),
        invalid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32


@tr.kernel
def add(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], y: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z) + tl.load_tile_like(y, z))


class Accumulator:
    def __init__(self) -> None:
        self.acc = tr.zeros((256,))
        self.bias = tr.ones((256,))

    def step(self) -> None:
        add(self.acc.partition((64,)), self.acc, self.bias).sync()  # TC101


def main() -> None:
    Accumulator().step()
""",
            "a method passes its own buffer as the written partition and as an input",
            typed=False,
        ),
        invalid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32


@tr.kernel
def add(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], y: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z) + tl.load_tile_like(y, z))


def axpy(out: Tensor[f32], a: Tensor[f32], b: Tensor[f32]) -> tr.Op:
    return add(out.partition((64,)), a, b)  # TC101


def main() -> None:
    w = tr.ones((256,))
    axpy(w, w, tr.ones((256,))).sync()
""",
            "through a helper of the module, whose launch writes `out` and reads `a`: reported "
            "at that launch, where the runtime raises, since the call gives one tensor for both",
            typed=False,
        ),
        *FRESH_INVALID["TC101"],
        *LANES_INVALID["TC101"],
        *CALLS_INVALID["TC101"],
        *GAPS_INVALID["TC101"],
        *ROUND9_INVALID["TC101"],
        *VALUES_INVALID["TC101"],
        *VALUES12_INVALID["TC101"],
        *CAPTURE13_INVALID["TC101"],
        *METHODS17A_INVALID["TC101"],
        *UNKNOWN17B_INVALID["TC101"],
        *CONTAINERS17C_INVALID["TC101"],
        *ROUND23C_INVALID["TC101"],
        *ROUND24F_INVALID["TC101"],
        *ROUND25C_INVALID["TC101"],
        *ROUND28H_INVALID["TC101"],
        *ROUND28I_INVALID["TC101"],
        *ROUND31K_INVALID["TC101"],
        *ROUND32C_INVALID["TC101"],
        *ROUND32L_INVALID["TC101"],
        *ROUND33H_INVALID["TC101"],
        *ROUND33M_INVALID["TC101"],
        *ROUND34K_INVALID["TC101"],
        *ROUND35F_INVALID["TC101"],
        *ROUND36C_INVALID["TC101"],
        *ROUND36M_INVALID["TC101"],
    ),
)
