"""TC102 (use-in-flight) in the catalog: what ``tilecheck explain TC102`` prints, and the
examples the tests check (each one the complete module a reader sees)."""

from __future__ import annotations

from tilecheck.catalog import round29c, round29c2
from tilecheck.catalog.base import Rule, valid
from tilecheck.catalog.collectives import INVALID as COLLECTIVE_INVALID
from tilecheck.catalog.collectives import VALID as COLLECTIVE_VALID
from tilecheck.catalog.fresh3_alarms import INVALID as ALARMS_INVALID
from tilecheck.catalog.fresh3_alarms import VALID as ALARMS_VALID
from tilecheck.catalog.fresh3_gaps import INVALID as GAPS_INVALID
from tilecheck.catalog.fresh3_gaps import VALID as GAPS_VALID
from tilecheck.catalog.fresh3_round8 import INVALID as ROUND8_INVALID
from tilecheck.catalog.fresh3_round8 import VALID as ROUND8_VALID
from tilecheck.catalog.fresh4_round9 import INVALID as ROUND9_INVALID
from tilecheck.catalog.fresh4_round9 import VALID as ROUND9_VALID
from tilecheck.catalog.fresh5_objects import INVALID as ROUND10_INVALID
from tilecheck.catalog.fresh5_objects import VALID as ROUND10_VALID
from tilecheck.catalog.fresh5_values import INVALID as VALUES_INVALID
from tilecheck.catalog.fresh5_values import VALID as VALUES_VALID
from tilecheck.catalog.fresh_lanes import INVALID as LANES_INVALID
from tilecheck.catalog.fresh_lanes import VALID as LANES_VALID
from tilecheck.catalog.fresh_silences import INVALID as FRESH_INVALID
from tilecheck.catalog.fresh_silences import VALID as FRESH_VALID
from tilecheck.catalog.objects import INVALID as OBJECTS_INVALID
from tilecheck.catalog.objects import VALID as OBJECTS_VALID
from tilecheck.catalog.round11_containers import INVALID as CONTAINERS11_INVALID
from tilecheck.catalog.round11_containers import VALID as CONTAINERS11_VALID
from tilecheck.catalog.round11_python import INVALID as ROUND11_INVALID
from tilecheck.catalog.round11_python import VALID as ROUND11_VALID
from tilecheck.catalog.round12_objects import INVALID as OBJECTS12_INVALID
from tilecheck.catalog.round12_objects import VALID as OBJECTS12_VALID
from tilecheck.catalog.round12_values import INVALID as VALUES12_INVALID
from tilecheck.catalog.round12_values import VALID as VALUES12_VALID
from tilecheck.catalog.round13_windows import INVALID as WINDOWS13_INVALID
from tilecheck.catalog.round13_windows import VALID as WINDOWS13_VALID
from tilecheck.catalog.round15_alarms import INVALID as ALARMS15_INVALID
from tilecheck.catalog.round15_alarms import VALID as ALARMS15_VALID
from tilecheck.catalog.round15_drains import INVALID as DRAINS15_INVALID
from tilecheck.catalog.round15_drains import VALID as DRAINS15_VALID
from tilecheck.catalog.round16_alarms import INVALID as ALARMS16_INVALID
from tilecheck.catalog.round16_alarms import VALID as ALARMS16_VALID
from tilecheck.catalog.round17b_unknown_code import INVALID as UNKNOWN17B_INVALID
from tilecheck.catalog.round17b_unknown_code import VALID as UNKNOWN17B_VALID
from tilecheck.catalog.round17d import INVALID as VALUES17D_INVALID
from tilecheck.catalog.round17d import VALID as VALUES17D_VALID
from tilecheck.catalog.round18a import INVALID as ROWS18A_INVALID
from tilecheck.catalog.round18a import VALID as ROWS18A_VALID
from tilecheck.catalog.round18c import INVALID as RUNS18C_INVALID
from tilecheck.catalog.round18c import VALID as RUNS18C_VALID
from tilecheck.catalog.round19a import INVALID as FLAGS19A_INVALID
from tilecheck.catalog.round19a import VALID as FLAGS19A_VALID
from tilecheck.catalog.round19b import INVALID as RAISED19B_INVALID
from tilecheck.catalog.round19b import VALID as RAISED19B_VALID
from tilecheck.catalog.round20a import INVALID as WITHS20A_INVALID
from tilecheck.catalog.round20a import VALID as WITHS20A_VALID
from tilecheck.catalog.round20b import INVALID as GENERATORS20B_INVALID
from tilecheck.catalog.round20b import VALID as GENERATORS20B_VALID
from tilecheck.catalog.round20c import INVALID as TASKS20C_INVALID
from tilecheck.catalog.round20c import VALID as TASKS20C_VALID
from tilecheck.catalog.round20d import INVALID as SLOTS20D_INVALID
from tilecheck.catalog.round20d import VALID as SLOTS20D_VALID
from tilecheck.catalog.round20e import INVALID as ITEMS20E_INVALID
from tilecheck.catalog.round20e import VALID as ITEMS20E_VALID
from tilecheck.catalog.round21g import INVALID as SWAPS21G_INVALID
from tilecheck.catalog.round21g import VALID as SWAPS21G_VALID
from tilecheck.catalog.round21h import INVALID as VIEWS21H_INVALID
from tilecheck.catalog.round21h import VALID as VIEWS21H_VALID
from tilecheck.catalog.round21i import INVALID as SHAPES21I_INVALID
from tilecheck.catalog.round21i import VALID as SHAPES21I_VALID
from tilecheck.catalog.round22l import INVALID as OBJECTS22L_INVALID
from tilecheck.catalog.round22l import VALID as OBJECTS22L_VALID
from tilecheck.catalog.round22m import INVALID as TASKS22M_INVALID
from tilecheck.catalog.round22m import VALID as TASKS22M_VALID
from tilecheck.catalog.round22n import INVALID as KEYED22N_INVALID
from tilecheck.catalog.round22n import VALID as KEYED22N_VALID
from tilecheck.catalog.round22w import INVALID as LINES22W_INVALID
from tilecheck.catalog.round22w import VALID as LINES22W_VALID
from tilecheck.catalog.round23a import INVALID as DUNDERS23A_INVALID
from tilecheck.catalog.round23a import VALID as DUNDERS23A_VALID
from tilecheck.catalog.round23b import INVALID as ITERATION23B_INVALID
from tilecheck.catalog.round23b import VALID as ITERATION23B_VALID
from tilecheck.catalog.round23c import INVALID as ROUND23C_INVALID
from tilecheck.catalog.round23c import VALID as ROUND23C_VALID
from tilecheck.catalog.round23d import INVALID as DROPS23D_INVALID
from tilecheck.catalog.round23d import VALID as DROPS23D_VALID
from tilecheck.catalog.round24e import INVALID as KEYED24E_INVALID
from tilecheck.catalog.round24e import VALID as KEYED24E_VALID
from tilecheck.catalog.round24f import INVALID as ROUND24F_INVALID
from tilecheck.catalog.round24h import INVALID as OBJECTS24H_INVALID
from tilecheck.catalog.round24h import VALID as OBJECTS24H_VALID
from tilecheck.catalog.round25a import INVALID as PROTOCOLS25A_INVALID
from tilecheck.catalog.round25a import VALID as PROTOCOLS25A_VALID
from tilecheck.catalog.round25d import INVALID as RINGS25D_INVALID
from tilecheck.catalog.round25d import VALID as RINGS25D_VALID
from tilecheck.catalog.round26a import INVALID as POSITIONS26A_INVALID
from tilecheck.catalog.round26a import VALID as POSITIONS26A_VALID
from tilecheck.catalog.round26b import INVALID as ROUND26B_INVALID
from tilecheck.catalog.round26b import VALID as ROUND26B_VALID
from tilecheck.catalog.round26c import INVALID as VALUES26C_INVALID
from tilecheck.catalog.round26c import VALID as VALUES26C_VALID
from tilecheck.catalog.round26d import INVALID as TURNS26D_INVALID
from tilecheck.catalog.round26d import VALID as TURNS26D_VALID
from tilecheck.catalog.round26e import INVALID as ROUND26E_INVALID
from tilecheck.catalog.round26e import VALID as ROUND26E_VALID
from tilecheck.catalog.round28g import INVALID as ROUND28G_INVALID
from tilecheck.catalog.round28g import VALID as ROUND28G_VALID
from tilecheck.catalog.round28h import INVALID as ROUND28H_INVALID
from tilecheck.catalog.round28h import VALID as ROUND28H_VALID
from tilecheck.catalog.round28i import INVALID as ROUND28I_INVALID
from tilecheck.catalog.round28i import VALID as ROUND28I_VALID
from tilecheck.catalog.round28p import INVALID as ROUND28P_INVALID
from tilecheck.catalog.round28p import VALID as ROUND28P_VALID
from tilecheck.catalog.round29f import INVALID as ROUND29F_INVALID
from tilecheck.catalog.round29f import VALID as ROUND29F_VALID
from tilecheck.catalog.round29n import INVALID as ROUND29N_INVALID
from tilecheck.catalog.round29n import VALID as ROUND29N_VALID
from tilecheck.catalog.tc102_use_in_flight_async import INVALID as ASYNC_INVALID
from tilecheck.catalog.tc102_use_in_flight_async import VALID as ASYNC_VALID
from tilecheck.catalog.tc102_use_in_flight_elements import INVALID as ELEMENTS_INVALID
from tilecheck.catalog.tc102_use_in_flight_elements import VALID as ELEMENTS_VALID
from tilecheck.catalog.tc102_use_in_flight_invalid import INVALID
from tilecheck.catalog.tc102_use_in_flight_structures import INVALID as MORE_INVALID
from tilecheck.catalog.tc102_use_in_flight_structures import VALID as MORE_VALID
from tilecheck.codes import USE_IN_FLIGHT

RULE = Rule(
    code=USE_IN_FLIGHT,
    slug="use-in-flight",
    summary="a use of a tensor that an unreleased op writes",
    explanation="""\
A kernel call returns an Op that holds its borrows from the moment it is created: a Mutable
partition's tensor exclusively. After `.submit()` the GPU may be writing the tensor at any
moment until the Pending is waited on; a graph holds what its recorded ops write until
`g.close()`. Reading the tensor on the host, copying into it, partitioning it again or passing
it to another launch in that window races with the device: the host sees half-written data, or
two writers interleave.

The check is flow-sensitive and conservative at merges, as Rust's borrow checker is: waiting on
one branch only leaves the tensor in flight on the other, so a use after the merge is reported
(with the wait on the other branch shown). In a loop, an op submitted in one iteration and not
waited on is still in flight when the next iteration partitions the same tensor. Aliases
(`w = z`) are followed, and so are elements: `bufs[i % 2]` may be any item of `bufs` unless
the indices show otherwise (`bufs[(i + 1) % 2]`, the loop's earlier items, a constant index
against another), and a view (`kv[0]`, `x.reshape(...)`) borrows with its base. `.done()`
returning True does not release anything; only `.sync()`, `.wait()`, `await` and `g.close()`
do. Metadata (`shape`, `dtype`, `strides`, `device`) is always readable.

One use waits for nothing: passing the tensor as a Shared argument of another launch, outside
a graph capture, while only Pendings of kernel calls' ops (`k(...).submit()`) write it. The new
launch runs after them, by stream order (or, on another stream, after the tensor's last
writer), so it reads what they wrote (docs/decisions.md, "Async"). The host still waits for
them, and so do another writer, readers of an op not yet submitted, and readers of what a
`.then` chain, a `tr.zip` or a graph holds, and a tensor that is a view or has views.

Fix: wait for the op before the use (`pending.wait()`, `await op`, `op.sync()`), on every path;
or pass the tensor on inside the same `.then` chain or graph, which run in order.""",
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
    pending = scale(z.partition((64,)), 2.0).submit()
    print(z.shape, z.dtype)  # metadata is always readable
    pending.wait()
    print(z.to_numpy())
""",
            "read after the wait",
        ),
        valid(
            """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def main(fast: bool) -> None:
    z = tr.zeros((256,))
    pending = scale(z.partition((64,)), 2.0).submit()
    if fast:
        pending.wait()
    else:
        pending.wait()
        print("slow path")
    print(z.to_numpy())
""",
            "waited on every branch",
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
    for step in range(4):
        pending = scale(z.partition((64,)), float(step)).submit()
        pending.wait()
    print(z.to_numpy())
""",
            "submit then wait inside the loop body",
        ),
        valid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


@tr.kernel
def add(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], y: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z) + tl.load_tile_like(y, z))


def main() -> None:
    x, z = tr.ones((256,)), tr.zeros((256,))
    op = add(z.partition((64,)), x, x).then(lambda zp, *_: scale(zp, 10.0))
    op.sync()
    print(z.to_numpy())
""",
            "a .then chain passes the partition from one op to the next",
        ),
        valid(
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
    x, y = tr.ones((1024,)), tr.zeros((1024,))
    with tr.graph() as g:
        g.record(copy(y.partition((256,)), x))
        g.record(scale(y.partition((256,)), 2.0))  # the graph hands y on
    for _ in range(3):
        g.launch().wait()
    g.close()
    print(y.to_numpy())
""",
            "a graph passes a tensor from op to op; read after close",
        ),
        valid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32


@tr.kernel
def add(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], y: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z) + tl.load_tile_like(y, z))


async def main() -> None:
    x, z = tr.ones((256,)), tr.zeros((256,))
    await add(z.partition((64,)), x, x)
    print(z.to_numpy())
""",
            "await releases",
        ),
        valid(
            """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def main() -> None:
    a, b = tr.ones((256,)), tr.zeros((256,))
    for _ in range(4):
        pending = scale(b.partition((64,)), 2.0).submit()
        print(a.to_numpy())
        pending.wait()
        a, b = b, a
""",
            "ping-pong: `a` may hold either tensor after the swap, never the one `b` holds",
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
    x = tr.ones((256,))
    zs = [tr.zeros((256,)) for _ in range(3)]
    prev = None
    prev_pending = None
    for z in zs:
        pending = add(z.partition((64,)), x, x).submit()
        if prev is not None and prev_pending is not None:
            prev_pending.wait()
            print(prev.to_numpy())
        prev, prev_pending = z, pending
    if prev_pending is not None:
        prev_pending.wait()
""",
            "pipelining: the previous iteration's tensor, waited on, while this one's is written",
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
    pending = scale(z.partition((64,)), 2.0).submit()
    match n:
        case 0:
            pending.wait()
        case _:
            pending.wait()
    print(z.to_numpy())
""",
            "waited in every case of a `match` ending in `case _:` (no path skips every case)",
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
    pending = scale(z.partition((64,)), 2.0).submit()
    match n:
        case 0:
            pending.wait()
        case other:
            print(other)
            pending.wait()
    print(z.to_numpy())
""",
            "a capture pattern without a guard always matches, as `case _:` does",
        ),
        valid(
            """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


import asyncio


async def main() -> None:
    a, b = tr.zeros((256,)), tr.zeros((256,))
    await asyncio.gather(scale(a.partition((64,)), 2.0), scale(b.partition((64,)), 3.0))
    print(a.to_numpy(), b.to_numpy())
""",
            "independent ops gathered, read after the await",
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
    pending = scale(z.partition((64,)), 2.0).submit()

    def finish() -> None:
        pending.wait()

    finish()
    print(z.to_numpy())
""",
            "a closure that waits, called before the read",
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
    if (pending := scale(z.partition((64,)), 2.0).submit()) is not None:
        pending.wait()
    print(z.to_numpy())
""",
            "a walrus in the test narrows the name it binds, as the plain name would",
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
    if pending := scale(z.partition((64,)), 2.0).submit():
        pending.wait()
    print(z.to_numpy())
""",
            "a Pending is always true: the walrus's name is waited on where it holds one",
        ),
        *MORE_VALID,
        *ASYNC_VALID,
        *ELEMENTS_VALID,
        *COLLECTIVE_VALID["TC102"],
        *FRESH_VALID["TC102"],
        *LANES_VALID["TC102"],
        *OBJECTS_VALID["TC102"],
        *GAPS_VALID["TC102"],
        *ALARMS_VALID["TC102"],
        *ROUND8_VALID["TC102"],
        *ROUND9_VALID["TC102"],
        *ROUND10_VALID["TC102"],
        *ROUND11_VALID["TC102"],
        *CONTAINERS11_VALID["TC102"],
        *OBJECTS12_VALID["TC102"],
        *VALUES_VALID["TC102"],
        *VALUES12_VALID["TC102"],
        *WINDOWS13_VALID["TC102"],
        *DRAINS15_VALID["TC102"],
        *ALARMS15_VALID["TC102"],
        *ALARMS16_VALID["TC102"],
        *UNKNOWN17B_VALID["TC102"],
        *GENERATORS20B_VALID["TC102"],
        *VALUES17D_VALID["TC102"],
        *RUNS18C_VALID["TC102"],
        *ROWS18A_VALID["TC102"],
        *RAISED19B_VALID["TC102"],
        *FLAGS19A_VALID["TC102"],
        *ITEMS20E_VALID["TC102"],
        *WITHS20A_VALID["TC102"],
        *TASKS20C_VALID["TC102"],
        *SLOTS20D_VALID["TC102"],
        *SWAPS21G_VALID["TC102"],
        *VIEWS21H_VALID["TC102"],
        *SHAPES21I_VALID["TC102"],
        *TASKS22M_VALID["TC102"],
        *LINES22W_VALID["TC102"],
        *OBJECTS22L_VALID["TC102"],
        *KEYED22N_VALID["TC102"],
        *DUNDERS23A_VALID["TC102"],
        *PROTOCOLS25A_VALID["TC102"],
        *ITERATION23B_VALID["TC102"],
        *ROUND23C_VALID["TC102"],
        *DROPS23D_VALID["TC102"],
        *KEYED24E_VALID["TC102"],
        *OBJECTS24H_VALID["TC102"],
        *RINGS25D_VALID["TC102"],
        *POSITIONS26A_VALID["TC102"],
        *VALUES26C_VALID["TC102"],
        *ROUND26E_VALID["TC102"],
        *ROUND26B_VALID["TC102"],
        *ROUND28H_VALID["TC102"],
        *ROUND28I_VALID["TC102"],
        *ROUND28P_VALID["TC102"],
        *TURNS26D_VALID["TC102"],
        *ROUND28G_VALID["TC102"],
        *ROUND29N_VALID["TC102"],
        *ROUND29F_VALID["TC102"],
        *round29c.VALID["TC102"],
        *round29c2.VALID["TC102"],
    ),
    invalid=(
        INVALID
        + MORE_INVALID
        + ASYNC_INVALID
        + ELEMENTS_INVALID
        + COLLECTIVE_INVALID["TC102"]
        + FRESH_INVALID["TC102"]
        + LANES_INVALID["TC102"]
        + OBJECTS_INVALID["TC102"]
        + GAPS_INVALID["TC102"]
        + ALARMS_INVALID["TC102"]
        + ROUND8_INVALID["TC102"]
        + ROUND9_INVALID["TC102"]
        + ROUND10_INVALID["TC102"]
        + ROUND11_INVALID["TC102"]
        + CONTAINERS11_INVALID["TC102"]
        + OBJECTS12_INVALID["TC102"]
        + VALUES_INVALID["TC102"]
        + VALUES12_INVALID["TC102"]
        + WINDOWS13_INVALID["TC102"]
        + DRAINS15_INVALID["TC102"]
        + ALARMS15_INVALID["TC102"]
        + ALARMS16_INVALID["TC102"]
        + UNKNOWN17B_INVALID["TC102"]
        + GENERATORS20B_INVALID["TC102"]
        + VALUES17D_INVALID["TC102"]
        + RUNS18C_INVALID["TC102"]
        + ROWS18A_INVALID["TC102"]
        + RAISED19B_INVALID["TC102"]
        + FLAGS19A_INVALID["TC102"]
        + ITEMS20E_INVALID["TC102"]
        + WITHS20A_INVALID["TC102"]
        + TASKS20C_INVALID["TC102"]
        + SLOTS20D_INVALID["TC102"]
        + SWAPS21G_INVALID["TC102"]
        + VIEWS21H_INVALID["TC102"]
        + SHAPES21I_INVALID["TC102"]
        + TASKS22M_INVALID["TC102"]
        + LINES22W_INVALID["TC102"]
        + OBJECTS22L_INVALID["TC102"]
        + KEYED22N_INVALID["TC102"]
        + DUNDERS23A_INVALID["TC102"]
        + PROTOCOLS25A_INVALID["TC102"]
        + ITERATION23B_INVALID["TC102"]
        + ROUND23C_INVALID["TC102"]
        + DROPS23D_INVALID["TC102"]
        + ROUND24F_INVALID["TC102"]
        + KEYED24E_INVALID["TC102"]
        + OBJECTS24H_INVALID["TC102"]
        + RINGS25D_INVALID["TC102"]
        + POSITIONS26A_INVALID["TC102"]
        + VALUES26C_INVALID["TC102"]
        + ROUND26E_INVALID["TC102"]
        + ROUND26B_INVALID["TC102"]
        + ROUND28H_INVALID["TC102"]
        + ROUND28I_INVALID["TC102"]
        + ROUND28P_INVALID["TC102"]
        + TURNS26D_INVALID["TC102"]
        + ROUND28G_INVALID["TC102"]
        + ROUND29N_INVALID["TC102"]
        + ROUND29F_INVALID["TC102"]
        + round29c.INVALID["TC102"]
        + round29c2.INVALID["TC102"]
    ),
)
