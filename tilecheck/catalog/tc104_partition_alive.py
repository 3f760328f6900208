"""TC104 (partition-alive) in the catalog: what ``tilecheck explain TC104`` prints, and the
examples the tests check (each one the complete module a reader sees)."""

from __future__ import annotations

from tilecheck.catalog.across_methods import INVALID as METHODS_INVALID
from tilecheck.catalog.across_methods import VALID as METHODS_VALID
from tilecheck.catalog.base import Rule, invalid, valid
from tilecheck.catalog.fresh3_alarms import INVALID as ALARMS_INVALID
from tilecheck.catalog.fresh3_alarms import VALID as ALARMS_VALID
from tilecheck.catalog.fresh5_objects import INVALID as ROUND10_INVALID
from tilecheck.catalog.fresh5_objects import VALID as ROUND10_VALID
from tilecheck.catalog.fresh5_values import INVALID as VALUES_INVALID
from tilecheck.catalog.fresh5_values import VALID as VALUES_VALID
from tilecheck.catalog.fresh_silences import VALID as FRESH_VALID
from tilecheck.catalog.round13_items import INVALID as ITEMS13_INVALID
from tilecheck.catalog.round14_items import INVALID as ITEMS14_INVALID
from tilecheck.catalog.round14_items import VALID as ITEMS14_VALID
from tilecheck.catalog.round17b_unknown_code import INVALID as UNKNOWN17B_INVALID
from tilecheck.catalog.round17b_unknown_code import VALID as UNKNOWN17B_VALID
from tilecheck.catalog.round20a import INVALID as WITHS20A_INVALID
from tilecheck.catalog.round20a import VALID as WITHS20A_VALID
from tilecheck.catalog.round20b import INVALID as GENERATORS20B_INVALID
from tilecheck.catalog.round20b import VALID as GENERATORS20B_VALID
from tilecheck.catalog.round20c import INVALID as TASKS20C_INVALID
from tilecheck.catalog.round20c import VALID as TASKS20C_VALID
from tilecheck.catalog.round21i import INVALID as SHAPES21I_INVALID
from tilecheck.catalog.round21i import VALID as SHAPES21I_VALID
from tilecheck.catalog.round22n import INVALID as KEYED22N_INVALID
from tilecheck.catalog.round22n import VALID as KEYED22N_VALID
from tilecheck.catalog.round24f import VALID as ROUND24F_VALID
from tilecheck.catalog.round26a import INVALID as POSITIONS26A_INVALID
from tilecheck.catalog.round26a import VALID as POSITIONS26A_VALID
from tilecheck.catalog.round28g import INVALID as ROUND28G_INVALID
from tilecheck.catalog.round28g import VALID as ROUND28G_VALID
from tilecheck.catalog.round29c import VALID as ROUND29C_VALID
from tilecheck.catalog.round29g import INVALID as ROUND29G_INVALID
from tilecheck.catalog.round29g import VALID as ROUND29G_VALID
from tilecheck.catalog.round31n import INVALID as ROUND31N_INVALID
from tilecheck.catalog.round31n import VALID as ROUND31N_VALID
from tilecheck.catalog.round32d import INVALID as ROUND32D_INVALID
from tilecheck.catalog.round32d import VALID as ROUND32D_VALID
from tilecheck.catalog.round32l import INVALID as ROUND32L_INVALID
from tilecheck.catalog.round32l import VALID as ROUND32L_VALID
from tilecheck.catalog.round32t import INVALID as ROUND32T_INVALID
from tilecheck.catalog.round32t import VALID as ROUND32T_VALID
from tilecheck.catalog.round33a import INVALID as ROUND33A_INVALID
from tilecheck.catalog.round33a import VALID as ROUND33A_VALID
from tilecheck.catalog.round33c import INVALID as ROUND33C_INVALID
from tilecheck.catalog.round33c import VALID as ROUND33C_VALID
from tilecheck.catalog.round33d import INVALID as ROUND33D_INVALID
from tilecheck.catalog.round33d import VALID as ROUND33D_VALID
from tilecheck.catalog.round34a import INVALID as ROUND34A_INVALID
from tilecheck.catalog.round34a import VALID as ROUND34A_VALID
from tilecheck.catalog.round34d import INVALID as ROUND34D_INVALID
from tilecheck.catalog.round34d import VALID as ROUND34D_VALID
from tilecheck.catalog.round34e import INVALID as ROUND34E_INVALID
from tilecheck.catalog.round34e import VALID as ROUND34E_VALID
from tilecheck.catalog.round35o import INVALID as ROUND35O_INVALID
from tilecheck.catalog.round35o import VALID as ROUND35O_VALID
from tilecheck.catalog.round38p import INVALID as ROUND38P_INVALID
from tilecheck.catalog.round38p import VALID as ROUND38P_VALID
from tilecheck.codes import PARTITION_ALIVE

RULE = Rule(
    code=PARTITION_ALIVE,
    slug="partition-alive",
    summary="a tensor used while a partition of it is unconsumed",
    explanation="""\
`t.partition(tile_shape)` is an exclusive borrow of `t`, split into disjoint tiles, made to be
handed to one launch. While the partition exists and no launch has consumed it, the tensor is
reserved for the launch to come: reading it, copying into it, partitioning it again or passing
it to another launch would let two owners see one buffer, and the runtime refuses it with a
BorrowError.

A partition is released when a launch consumes it (the op then holds the tensor, see TC102) or
when it is dropped (`del p`, or a partition made and not kept). Metadata stays readable. Inside
a single kernel call, a tensor passed both as a partition and again is TC101, not this rule. A
partition of a container's item (made in a loop or a comprehension over it) may be of any item
the index may select: `layers[1]` is used while the partitions of the loop over `layers` live.

Fix: pass the partition to its launch first, or partition later, right where it is launched.""",
    scope="host",
    valid=(
        valid(
            """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def main() -> None:
    z = tr.zeros((256,))
    p = z.partition((64,))
    print(z.shape)
    scale(p, 2.0).sync()
    print(z.to_numpy())
""",
            "metadata while partitioned; data after the launch",
        ),
        valid(
            """\
import tilert as tr


def main() -> None:
    z = tr.zeros((256,))
    p = z.partition((64,))
    del p
    print(z.to_numpy())
""",
            "a dropped partition releases its tensor",
        ),
        valid(
            """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def main() -> None:
    z = tr.zeros((256,))
    z.partition((64,))
    q = z.partition((32,))
    scale(q, 2.0).sync()
""",
            "a partition that is not kept is dropped at once",
        ),
        valid(
            """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def main(n: int) -> None:
    z = tr.zeros((256,))
    p = z.partition((64,))
    match n:
        case 0:
            scale(p, 2.0).sync()
        case _:
            scale(p, 3.0).sync()
    print(z.to_numpy())
""",
            "consumed in every case of a `match` ending in `case _:`",
        ),
        valid(
            """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def main() -> None:
    layers = [tr.ones((128,)) for _ in range(3)]
    parts = []
    for t in layers:
        parts.append(t.partition((64,)))
    for p in parts:
        scale(p, 0.5).sync()
    print(layers[1].to_numpy())
""",
            "partitions collected in one loop and all launched in another, before the read",
        ),
        *FRESH_VALID["TC104"],
        *ALARMS_VALID["TC104"],
        *METHODS_VALID["TC104"],
        *ROUND10_VALID["TC104"],
        *VALUES_VALID["TC104"],
        *ITEMS14_VALID["TC104"],
        *UNKNOWN17B_VALID["TC104"],
        *WITHS20A_VALID["TC104"],
        *GENERATORS20B_VALID["TC104"],
        *TASKS20C_VALID["TC104"],
        *SHAPES21I_VALID["TC104"],
        *KEYED22N_VALID["TC104"],
        *ROUND24F_VALID["TC104"],
        *POSITIONS26A_VALID["TC104"],
        *ROUND28G_VALID["TC104"],
        *ROUND29G_VALID["TC104"],
        *ROUND31N_VALID["TC104"],
        *ROUND32D_VALID["TC104"],
        *ROUND29C_VALID["TC104"],
        *ROUND32L_VALID["TC104"],
        *ROUND32T_VALID["TC104"],
        *ROUND33A_VALID["TC104"],
        *ROUND33C_VALID["TC104"],
        *ROUND34E_VALID["TC104"],
        *ROUND35O_VALID["TC104"],
        *ROUND33D_VALID["TC104"],
        *ROUND34A_VALID["TC104"],
        *ROUND34D_VALID["TC104"],
        *ROUND38P_VALID["TC104"],
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
    p = z.partition((64,))
    print(z.to_numpy())  # TC104
    scale(p, 2.0).sync()
""",
            "read while partitioned",
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
    parts = [z.partition((64,))]
    cancelled = False
    if cancelled:
        parts.clear()
    print(z.to_numpy())  # TC104
    scale(parts[0], 2.0).sync()
""",
            "a flag set false just before: the list is not cleared, its partition is alive",
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
    p = z.partition((64,))
    q = z.partition((32,))  # TC104
    scale(p, 2.0).sync()
    scale(q, 2.0).sync()
""",
            "partitioned twice",
        ),
        invalid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


@tr.kernel
def copy(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z))


def main() -> None:
    x, z = tr.ones((256,)), tr.zeros((256,))
    p = x.partition((64,))
    copy(z.partition((64,)), x).sync()  # TC104
    scale(p, 2.0).sync()
""",
            "passed to another launch while partitioned",
        ),
        invalid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32


@tr.kernel
def add(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], y: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z) + tl.load_tile_like(y, z))


def main(verbose: bool, n: int) -> None:
    x, z = tr.ones((256,)), tr.zeros((256,))
    zp = z.partition((64,))
    if verbose or n > 0:
        print("partitioned")
    print(z.to_numpy())  # TC104
    add(zp, x, x).sync()
""",
            "still alive after an `if` whose test short-circuits",
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
    p = z.partition((64,))

    def area(p: int) -> int:
        return p * p

    print(area(3), z.to_numpy())  # TC104
    scale(p, 2.0).sync()
""",
            "a nested function's parameter `p` is another variable: the partition stays alive",
        ),
        invalid(
            """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


class Buffers:
    def __init__(self) -> None:
        self.data = tr.ones((256,))

    def double(self) -> None:
        self.part = self.data.partition((64,))
        print(self.data.to_numpy())  # TC104
        scale(self.part, 2.0).sync()


def main() -> None:
    Buffers().double()
""",
            "a partition kept in an attribute while the method reads the buffer",
        ),
        invalid(
            """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def tiles(t: Tensor[f32]) -> tr.Partition:
    return t.partition((64,))


def main() -> None:
    z = tr.ones((256,))
    p = tiles(z)
    print(z.to_numpy())  # TC104
    scale(p, 2.0).sync()
""",
            "a helper of the module returns the partition it made",
        ),
        invalid(
            """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def main() -> None:
    layers = [tr.ones((128,)) for _ in range(2)]
    parts = []
    for t in layers:
        parts.append(t.partition((64,)))
    print(layers[1].to_numpy())  # TC104
    for p in parts:
        scale(p, 0.5).sync()
""",
            "partitions collected in a loop: the item read by index may be any the loop "
            "partitioned",
        ),
        invalid(
            """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def main() -> None:
    bufs = {"q": tr.ones((256,)), "k": tr.ones((256,))}
    parts = {name: t.partition((64,)) for name, t in bufs.items()}
    print(bufs["q"].to_numpy())  # TC104
    for p in parts.values():
        scale(p, 2.0).sync()
""",
            "a dict comprehension of partitions over `.items()`, then a read by key",
        ),
        *ALARMS_INVALID["TC104"],
        *METHODS_INVALID["TC104"],
        *ROUND10_INVALID["TC104"],
        *VALUES_INVALID["TC104"],
        *ITEMS13_INVALID["TC104"],
        *ITEMS14_INVALID["TC104"],
        *UNKNOWN17B_INVALID["TC104"],
        *WITHS20A_INVALID["TC104"],
        *GENERATORS20B_INVALID["TC104"],
        *TASKS20C_INVALID["TC104"],
        *SHAPES21I_INVALID["TC104"],
        *KEYED22N_INVALID["TC104"],
        *POSITIONS26A_INVALID["TC104"],
        *ROUND28G_INVALID["TC104"],
        *ROUND29G_INVALID["TC104"],
        *ROUND31N_INVALID["TC104"],
        *ROUND32D_INVALID["TC104"],
        *ROUND32L_INVALID["TC104"],
        *ROUND32T_INVALID["TC104"],
        *ROUND33A_INVALID["TC104"],
        *ROUND33C_INVALID["TC104"],
        *ROUND34E_INVALID["TC104"],
        *ROUND35O_INVALID["TC104"],
        *ROUND33D_INVALID["TC104"],
        *ROUND34A_INVALID["TC104"],
        *ROUND34D_INVALID["TC104"],
        *ROUND38P_INVALID["TC104"],
    ),
)
