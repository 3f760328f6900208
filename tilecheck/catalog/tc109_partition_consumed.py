"""TC109 (partition-consumed) in the catalog: what ``tilecheck explain TC109`` prints, and the
examples the tests check (each one the complete module a reader sees)."""

from __future__ import annotations

from tilecheck.catalog.across_methods import INVALID as METHODS_INVALID
from tilecheck.catalog.across_methods import VALID as METHODS_VALID
from tilecheck.catalog.base import Rule, invalid, valid
from tilecheck.catalog.fresh3_alarms import INVALID as ALARMS_INVALID
from tilecheck.catalog.fresh3_alarms import VALID as ALARMS_VALID
from tilecheck.catalog.fresh3_gaps import INVALID as GAPS_INVALID
from tilecheck.catalog.fresh3_gaps import VALID as GAPS_VALID
from tilecheck.catalog.fresh5_objects import INVALID as ROUND10_INVALID
from tilecheck.catalog.fresh5_objects import VALID as ROUND10_VALID
from tilecheck.catalog.round13_items import INVALID as ITEMS13_INVALID
from tilecheck.catalog.round13_items import VALID as ITEMS13_VALID
from tilecheck.catalog.round15_drains import INVALID as DRAINS15_INVALID
from tilecheck.catalog.round15_drains import VALID as DRAINS15_VALID
from tilecheck.catalog.round17a_methods import INVALID as METHODS17A_INVALID
from tilecheck.catalog.round17a_methods import VALID as METHODS17A_VALID
from tilecheck.catalog.round18b import INVALID as METHODS18B_INVALID
from tilecheck.catalog.round18b import VALID as METHODS18B_VALID
from tilecheck.catalog.round20c import INVALID as TASKS20C_INVALID
from tilecheck.catalog.round20c import VALID as TASKS20C_VALID
from tilecheck.catalog.round22w import INVALID as LINES22W_INVALID
from tilecheck.catalog.round22w import VALID as LINES22W_VALID
from tilecheck.catalog.round24g import INVALID as ROUND24G_INVALID
from tilecheck.catalog.round24g import VALID as ROUND24G_VALID
from tilecheck.catalog.round25b import INVALID as ROUND25B_INVALID
from tilecheck.catalog.round25b import VALID as ROUND25B_VALID
from tilecheck.catalog.round27g import INVALID as ROUND27G_INVALID
from tilecheck.catalog.round27g import VALID as ROUND27G_VALID
from tilecheck.catalog.round28g import INVALID as ROUND28G_INVALID
from tilecheck.catalog.round28g import VALID as ROUND28G_VALID
from tilecheck.catalog.round29c import INVALID as ROUND29C_INVALID
from tilecheck.catalog.round29c2 import VALID as ROUND29C2_VALID
from tilecheck.catalog.round29g import INVALID as ROUND29G_INVALID
from tilecheck.catalog.round29g import VALID as ROUND29G_VALID
from tilecheck.catalog.round30l import INVALID as ROUND30L_INVALID
from tilecheck.catalog.round30l import VALID as ROUND30L_VALID
from tilecheck.catalog.round32d import INVALID as ROUND32D_INVALID
from tilecheck.catalog.round32d import VALID as ROUND32D_VALID
from tilecheck.catalog.round32t import INVALID as ROUND32T_INVALID
from tilecheck.catalog.round32t import VALID as ROUND32T_VALID
from tilecheck.catalog.round33a import INVALID as ROUND33A_INVALID
from tilecheck.catalog.round33a import VALID as ROUND33A_VALID
from tilecheck.catalog.round33c import VALID as ROUND33C_VALID
from tilecheck.catalog.round33d import INVALID as ROUND33D_INVALID
from tilecheck.catalog.round33d import VALID as ROUND33D_VALID
from tilecheck.catalog.round34a import INVALID as ROUND34A_INVALID
from tilecheck.catalog.round34a import VALID as ROUND34A_VALID
from tilecheck.catalog.round35r import INVALID as ROUND35R_INVALID
from tilecheck.catalog.round35r import VALID as ROUND35R_VALID
from tilecheck.catalog.round36e import INVALID as ROUND36E_INVALID
from tilecheck.catalog.round36e import VALID as ROUND36E_VALID
from tilecheck.catalog.round37l import INVALID as ROUND37L_INVALID
from tilecheck.catalog.round37l import VALID as ROUND37L_VALID
from tilecheck.catalog.round40e import INVALID as ROUND40E_INVALID
from tilecheck.catalog.round40e import VALID as ROUND40E_VALID
from tilecheck.catalog.round40m import INVALID as ROUND40M_INVALID
from tilecheck.catalog.round40m import VALID as ROUND40M_VALID
from tilecheck.codes import PARTITION_CONSUMED

RULE = Rule(
    code=PARTITION_CONSUMED,
    slug="partition-consumed",
    summary="a partition passed to a second launch (or used) after an op consumed it",
    explanation="""\
A partition moves into the launch it is passed to, as a value does in Rust: the op now owns the
tensor's tiles, and the partition object is spent. Passing it to a second launch (or mapping it
again) would hand the same tiles to two ops, and the runtime refuses it. Control flow is
followed: a partition consumed on one branch is consumed after the merge, and one consumed in a
loop is consumed when the loop comes around.

Inside one `.then` chain or one graph capture, an op may pass a partition it received on to the
next op: they run in order.

Fix: partition the tensor again for each launch (after the previous op is synced).""",
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
    scale(z.partition((64,)), 2.0).sync()
    scale(z.partition((64,)), 3.0).sync()
""",
            "a fresh partition per launch",
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
        p = z.partition((64,))
        scale(p, float(step)).sync()
""",
            "partitioned inside the loop",
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
        p = y.partition((256,))
        g.record(copy(p, x))
        g.record(scale(p, 2.0))  # handed on inside the graph
    g.launch().wait()
    g.close()
""",
            "passed on inside one graph capture",
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
    zp, xx, yy = add(z.partition((64,)), x, x).sync()
    print(xx.to_numpy(), yy.shape)
    scale(z.partition((64,)), 2.0).sync()
""",
            "the tensors sync returns are the arguments themselves, free again",
        ),
        *GAPS_VALID["TC109"],
        *ALARMS_VALID["TC109"],
        *METHODS_VALID["TC109"],
        *ROUND10_VALID["TC109"],
        *ITEMS13_VALID["TC109"],
        *DRAINS15_VALID["TC109"],
        *METHODS17A_VALID["TC109"],
        *METHODS18B_VALID["TC109"],
        *TASKS20C_VALID["TC109"],
        *LINES22W_VALID["TC109"],
        *ROUND24G_VALID["TC109"],
        *ROUND25B_VALID["TC109"],
        *ROUND27G_VALID["TC109"],
        *ROUND28G_VALID["TC109"],
        *ROUND29G_VALID["TC109"],
        *ROUND29C2_VALID["TC109"],
        *ROUND30L_VALID["TC109"],
        *ROUND32D_VALID["TC109"],
        *ROUND32T_VALID["TC109"],
        *ROUND33A_VALID["TC109"],
        *ROUND33C_VALID["TC109"],
        *ROUND33D_VALID["TC109"],
        *ROUND34A_VALID["TC109"],
        *ROUND35R_VALID["TC109"],
        *ROUND36E_VALID["TC109"],
        *ROUND37L_VALID["TC109"],
        *ROUND40E_VALID["TC109"],
        *ROUND40M_VALID["TC109"],
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
    scale(p, 2.0).sync()
    scale(p, 3.0).sync()  # TC109
""",
            "the partition was moved into the first launch",
        ),
        invalid(
            """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def main(again: bool) -> None:
    z = tr.zeros((256,))
    p = z.partition((64,))
    if again:
        scale(p, 2.0).sync()
    scale(p, 3.0).sync()  # TC109
""",
            "consumed on one branch",
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
    for step in range(4):
        scale(p, float(step)).sync()  # TC109
""",
            "consumed when the loop comes around",
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
    scale(p, 2.0).sync()
    q = p.mapped(blocks=4)  # TC109
""",
            "used after consumption",
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
def add(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], y: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z) + tl.load_tile_like(y, z))


def main() -> None:
    x, z = tr.ones((256,)), tr.zeros((256,))
    zp, xx, yy = add(z.partition((64,)), x, x).sync()
    scale(zp, 2.0).sync()  # TC109
""",
            "sync returns the op's arguments, its partitions spent",
        ),
        invalid(
            """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def pscale(z: Mutable[Tensor[f32]], a: float) -> None:
    for idx in z.tiles():
        z.store(z.load(at=idx) * a, at=idx)


def main() -> None:
    z = tr.zeros((1024,))
    zp = z.partition((128,))
    pscale(zp.mapped(blocks=2), 2.0).sync()
    pscale(zp.mapped(blocks=4), 2.0).sync()  # TC109
""",
            "mapping a spent partition again is one reuse, reported once",
        ),
        invalid(
            """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def main() -> None:
    ts = [tr.ones((256,)) for _ in range(2)]
    parts = [t.partition((64,)) for t in ts]
    for p in parts:
        scale(p, 2.0).sync()
    for p in parts:
        scale(p, 3.0).sync()  # TC109
""",
            "partitions made in a comprehension, launched by two loops",
        ),
        invalid(
            """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def run_on(part: tr.Partition, a: float) -> None:
    scale(part, a).sync()  # TC109


def main() -> None:
    z = tr.ones((256,))
    p = z.partition((64,))
    run_on(p, 2.0)
    run_on(p, 3.0)
""",
            "a helper of the module consumes the partition it is given: the second call's "
            "launch inside it raises",
        ),
        *GAPS_INVALID["TC109"],
        *ALARMS_INVALID["TC109"],
        *METHODS_INVALID["TC109"],
        *ROUND10_INVALID["TC109"],
        *ITEMS13_INVALID["TC109"],
        *DRAINS15_INVALID["TC109"],
        *METHODS17A_INVALID["TC109"],
        *METHODS18B_INVALID["TC109"],
        *TASKS20C_INVALID["TC109"],
        *LINES22W_INVALID["TC109"],
        *ROUND24G_INVALID["TC109"],
        *ROUND25B_INVALID["TC109"],
        *ROUND27G_INVALID["TC109"],
        *ROUND28G_INVALID["TC109"],
        *ROUND29G_INVALID["TC109"],
        *ROUND29C_INVALID["TC109"],
        *ROUND30L_INVALID["TC109"],
        *ROUND32D_INVALID["TC109"],
        *ROUND32T_INVALID["TC109"],
        *ROUND33A_INVALID["TC109"],
        *ROUND33D_INVALID["TC109"],
        *ROUND34A_INVALID["TC109"],
        *ROUND35R_INVALID["TC109"],
        *ROUND36E_INVALID["TC109"],
        *ROUND37L_INVALID["TC109"],
        *ROUND40E_INVALID["TC109"],
        *ROUND40M_INVALID["TC109"],
    ),
)
