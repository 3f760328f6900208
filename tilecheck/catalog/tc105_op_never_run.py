"""TC105 (op-never-run) in the catalog: what ``tilecheck explain TC105`` prints, and the
examples the tests check (each one the complete module a reader sees)."""

from __future__ import annotations

from tilecheck.catalog.base import Rule, invalid, valid
from tilecheck.catalog.calls_and_branches import INVALID as CALLS_INVALID
from tilecheck.catalog.calls_and_branches import VALID as CALLS_VALID
from tilecheck.catalog.collectives import INVALID as COLLECTIVE_INVALID
from tilecheck.catalog.collectives import VALID as COLLECTIVE_VALID
from tilecheck.catalog.fresh3_round8 import INVALID as ROUND8_INVALID
from tilecheck.catalog.fresh3_round8 import VALID as ROUND8_VALID
from tilecheck.catalog.fresh4_round9 import INVALID as ROUND9_INVALID
from tilecheck.catalog.fresh4_round9 import VALID as ROUND9_VALID
from tilecheck.catalog.fresh5_values import INVALID as VALUES_INVALID
from tilecheck.catalog.fresh5_values import VALID as VALUES_VALID
from tilecheck.catalog.objects import INVALID as OBJECTS_INVALID
from tilecheck.catalog.objects import VALID as OBJECTS_VALID
from tilecheck.catalog.round14_items import INVALID as ITEMS14_INVALID
from tilecheck.catalog.round14_items import VALID as ITEMS14_VALID
from tilecheck.catalog.round14_methods import INVALID as METHODS14_INVALID
from tilecheck.catalog.round14_methods import VALID as METHODS14_VALID
from tilecheck.catalog.round17c import INVALID as CONTAINERS17C_INVALID
from tilecheck.catalog.round17c import VALID as CONTAINERS17C_VALID
from tilecheck.catalog.round18d import INVALID as VALUES18D_INVALID
from tilecheck.catalog.round18d import VALID as VALUES18D_VALID
from tilecheck.catalog.round20e import INVALID as ITEMS20E_INVALID
from tilecheck.catalog.round20e import VALID as ITEMS20E_VALID
from tilecheck.catalog.round21j import INVALID as CLEARED21J_INVALID
from tilecheck.catalog.round21j import VALID as CLEARED21J_VALID
from tilecheck.catalog.round22k import INVALID as SKIPPED22K_INVALID
from tilecheck.catalog.round22k import VALID as SKIPPED22K_VALID
from tilecheck.catalog.round22m import INVALID as TASKS22M_INVALID
from tilecheck.catalog.round22m import VALID as TASKS22M_VALID
from tilecheck.catalog.round23d import INVALID as DROPS23D_INVALID
from tilecheck.catalog.round23d import VALID as DROPS23D_VALID
from tilecheck.catalog.round28l import INVALID as ROUND28L_INVALID
from tilecheck.catalog.round28l import VALID as ROUND28L_VALID
from tilecheck.catalog.round28p import INVALID as ROUND28P_INVALID
from tilecheck.catalog.round29c import INVALID as ROUND29C_INVALID
from tilecheck.catalog.round29c import VALID as ROUND29C_VALID
from tilecheck.catalog.round29f import INVALID as ROUND29F_INVALID
from tilecheck.catalog.round29f import VALID as ROUND29F_VALID
from tilecheck.catalog.round29n import INVALID as ROUND29N_INVALID
from tilecheck.catalog.round29n import VALID as ROUND29N_VALID
from tilecheck.catalog.round29n2 import INVALID as ROUND29N2_INVALID
from tilecheck.catalog.round29n2 import VALID as ROUND29N2_VALID
from tilecheck.catalog.round30o import INVALID as ROUND30O_INVALID
from tilecheck.catalog.round30o import VALID as ROUND30O_VALID
from tilecheck.catalog.round30u import INVALID as ROUND30U_INVALID
from tilecheck.catalog.round30u import VALID as ROUND30U_VALID
from tilecheck.catalog.round31c import INVALID as ROUND31C_INVALID
from tilecheck.catalog.round31c import VALID as ROUND31C_VALID
from tilecheck.catalog.round31e import INVALID as ROUND31E_INVALID
from tilecheck.catalog.round31e import VALID as ROUND31E_VALID
from tilecheck.catalog.round32k import INVALID as ROUND32K_INVALID
from tilecheck.catalog.round32k import VALID as ROUND32K_VALID
from tilecheck.catalog.round33c import INVALID as ROUND33C_INVALID
from tilecheck.catalog.round33c import VALID as ROUND33C_VALID
from tilecheck.catalog.round33d import INVALID as ROUND33D_INVALID
from tilecheck.catalog.round33d import VALID as ROUND33D_VALID
from tilecheck.catalog.round34d import INVALID as ROUND34D_INVALID
from tilecheck.catalog.round34d import VALID as ROUND34D_VALID
from tilecheck.catalog.round35f import INVALID as ROUND35F_INVALID
from tilecheck.catalog.round35f import VALID as ROUND35F_VALID
from tilecheck.catalog.round35r import VALID as ROUND35R_VALID
from tilecheck.catalog.round36bf import INVALID as ROUND36BF_INVALID
from tilecheck.catalog.round36bf import VALID as ROUND36BF_VALID
from tilecheck.catalog.round36d import INVALID as ROUND36D_INVALID
from tilecheck.catalog.round36d import VALID as ROUND36D_VALID
from tilecheck.catalog.round36m import INVALID as ROUND36M_INVALID
from tilecheck.catalog.round37k import INVALID as ROUND37K_INVALID
from tilecheck.catalog.round37k import VALID as ROUND37K_VALID
from tilecheck.catalog.round38a import INVALID as ROUND38A_INVALID
from tilecheck.catalog.round38a import VALID as ROUND38A_VALID
from tilecheck.catalog.round39k import INVALID as ROUND39K_INVALID
from tilecheck.catalog.round39k import VALID as ROUND39K_VALID
from tilecheck.catalog.round39s import INVALID as ROUND39S_INVALID
from tilecheck.catalog.round39s import VALID as ROUND39S_VALID
from tilecheck.catalog.round40n import INVALID as ROUND40N_INVALID
from tilecheck.catalog.round40n import VALID as ROUND40N_VALID
from tilecheck.catalog.round40r import INVALID as ROUND40R_INVALID
from tilecheck.catalog.round40r import VALID as ROUND40R_VALID
from tilecheck.catalog.round41n import INVALID as ROUND41N_INVALID
from tilecheck.catalog.round41n import VALID as ROUND41N_VALID
from tilecheck.catalog.rows_and_library import INVALID as ROWS_INVALID
from tilecheck.catalog.rows_and_library import VALID as ROWS_VALID
from tilecheck.catalog.windows_and_helpers import INVALID as WINDOWS_INVALID
from tilecheck.codes import OP_NEVER_RUN

RULE = Rule(
    code=OP_NEVER_RUN,
    slug="op-never-run",
    summary="an Op created and never synced, submitted, awaited, chained or recorded",
    explanation="""\
Kernel calls are lazy: `k(z.partition(t), x)` checks the arguments, takes the borrows and
returns an Op, but nothing runs on the device until the op is synced, submitted, awaited,
chained into another op with `.then`/`tr.zip`, or recorded into a graph. An op that is never run
is almost always a forgotten `.sync()`: the output is never written, and the runtime only warns
(UnrunOpWarning) when the op is garbage-collected.

The finding is reported where the op is created, when no path from there runs it. An op that
leaves the function (returned, stored, or passed to a function the checker does not know) is
assumed to be run elsewhere; but not the item 0 of a local list display of ops that every use
of the list passes by (`for i in range(1, len(ops)): ops[i].sync()`, `len(ops)`, appends).

Fix: run it: `.sync()`, `.submit()` and later `.wait()`, `await op`, or `g.record(op)`.""",
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
""",
            "synced",
        ),
        valid(
            """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def make(z: tr.Tensor[f32]) -> tr.Op:
    return scale(z.partition((64,)), 2.0)
""",
            "returned: the caller runs it",
        ),
        valid(
            """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def main() -> None:
    a, b = tr.zeros((256,)), tr.zeros((256,))
    both = tr.zip(scale(a.partition((64,)), 1.0), scale(b.partition((64,)), 2.0))
    both.sync()
""",
            "zipped ops run with the zip",
        ),
        valid(
            """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def main() -> None:
    y = tr.zeros((1024,))
    with tr.graph() as g:
        g.record(scale(y.partition((256,)), 2.0))
    g.launch().wait()
    g.close()
""",
            "recorded into a graph",
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
    op = None

    def make() -> None:
        nonlocal op
        op = scale(z.partition((64,)), 2.0)

    make()
    if op is not None:
        op.sync()
    print(z.to_numpy())
""",
            "stored in a `nonlocal` of the enclosing function, which runs it",
        ),
        *COLLECTIVE_VALID["TC105"],
        *ROWS_VALID["TC105"],
        *OBJECTS_VALID["TC105"],
        *ROUND8_VALID["TC105"],
        *ROUND9_VALID["TC105"],
        *VALUES_VALID["TC105"],
        *CALLS_VALID["TC105"],
        *ITEMS14_VALID["TC105"],
        *METHODS14_VALID["TC105"],
        *CONTAINERS17C_VALID["TC105"],
        *VALUES18D_VALID["TC105"],
        *ITEMS20E_VALID["TC105"],
        *CLEARED21J_VALID["TC105"],
        *TASKS22M_VALID["TC105"],
        *SKIPPED22K_VALID["TC105"],
        *ROUND32K_VALID["TC105"],
        *DROPS23D_VALID["TC105"],
        *ROUND28L_VALID["TC105"],
        *ROUND29N_VALID["TC105"],
        *ROUND30O_VALID["TC105"],
        *ROUND29N2_VALID["TC105"],
        *ROUND29F_VALID["TC105"],
        *ROUND29C_VALID["TC105"],
        *ROUND30U_VALID["TC105"],
        *ROUND31C_VALID["TC105"],
        *ROUND31E_VALID["TC105"],
        *ROUND33D_VALID["TC105"],
        *ROUND33C_VALID["TC105"],
        *ROUND35R_VALID["TC105"],
        *ROUND34D_VALID["TC105"],
        *ROUND35F_VALID["TC105"],
        *ROUND36D_VALID["TC105"],
        *ROUND36BF_VALID["TC105"],
        *ROUND37K_VALID["TC105"],
        *ROUND38A_VALID["TC105"],
        *ROUND39K_VALID["TC105"],
        *ROUND39S_VALID["TC105"],
        *ROUND40R_VALID["TC105"],
        *ROUND40N_VALID["TC105"],
        *ROUND41N_VALID["TC105"],
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
    scale(z.partition((64,)), 2.0)  # TC105
""",
            "a kernel call alone does nothing",
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
    op = scale(z.partition((64,)), 2.0)  # TC105
    print(op)
""",
            "kept in a variable and never run",
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
    chained = add(z.partition((64,)), x, x).then(  # TC105
        lambda zp, *_: scale(zp, 2.0)
    )
""",
            "a chain is an op too: it must be run",
        ),
        invalid(
            """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def main() -> None:
    y = tr.zeros((1024,))
    with tr.graph() as g:
        scale(y.partition((256,)), 2.0)  # TC105
    g.close()
""",
            "created inside a capture but never recorded",
        ),
        *COLLECTIVE_INVALID["TC105"],
        *ROWS_INVALID["TC105"],
        *WINDOWS_INVALID["TC105"],
        *OBJECTS_INVALID["TC105"],
        *ROUND8_INVALID["TC105"],
        *ROUND9_INVALID["TC105"],
        *VALUES_INVALID["TC105"],
        *CALLS_INVALID["TC105"],
        *ITEMS14_INVALID["TC105"],
        *METHODS14_INVALID["TC105"],
        *CONTAINERS17C_INVALID["TC105"],
        *VALUES18D_INVALID["TC105"],
        *ITEMS20E_INVALID["TC105"],
        *CLEARED21J_INVALID["TC105"],
        *TASKS22M_INVALID["TC105"],
        *SKIPPED22K_INVALID["TC105"],
        *ROUND32K_INVALID["TC105"],
        *DROPS23D_INVALID["TC105"],
        *ROUND28L_INVALID["TC105"],
        *ROUND28P_INVALID["TC105"],
        *ROUND29N_INVALID["TC105"],
        *ROUND30O_INVALID["TC105"],
        *ROUND29N2_INVALID["TC105"],
        *ROUND29F_INVALID["TC105"],
        *ROUND29C_INVALID["TC105"],
        *ROUND30U_INVALID["TC105"],
        *ROUND31C_INVALID["TC105"],
        *ROUND31E_INVALID["TC105"],
        *ROUND33D_INVALID["TC105"],
        *ROUND33C_INVALID["TC105"],
        *ROUND34D_INVALID["TC105"],
        *ROUND35F_INVALID["TC105"],
        *ROUND36D_INVALID["TC105"],
        *ROUND36M_INVALID["TC105"],
        *ROUND37K_INVALID["TC105"],
        *ROUND38A_INVALID["TC105"],
        *ROUND39K_INVALID["TC105"],
        *ROUND39S_INVALID["TC105"],
        *ROUND40R_INVALID["TC105"],
        *ROUND36BF_INVALID["TC105"],
        *ROUND40N_INVALID["TC105"],
        *ROUND41N_INVALID["TC105"],
    ),
)
