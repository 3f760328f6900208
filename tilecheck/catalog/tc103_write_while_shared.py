"""TC103 (write-while-shared) in the catalog: what ``tilecheck explain TC103`` prints, and the
examples the tests check (each one the complete module a reader sees)."""

from __future__ import annotations

from tilecheck.catalog.across_methods import INVALID as METHODS_INVALID
from tilecheck.catalog.across_methods import VALID as METHODS_VALID
from tilecheck.catalog.base import Rule, invalid, valid
from tilecheck.catalog.collectives import INVALID as COLLECTIVE_INVALID
from tilecheck.catalog.collectives import VALID as COLLECTIVE_VALID
from tilecheck.catalog.fresh3_alarms import INVALID as ALARMS_INVALID
from tilecheck.catalog.round11_containers import INVALID as CONTAINERS11_INVALID
from tilecheck.catalog.round12_objects import INVALID as OBJECTS12_INVALID
from tilecheck.catalog.round12_objects import VALID as OBJECTS12_VALID
from tilecheck.catalog.round17a_methods import INVALID as METHODS17A_INVALID
from tilecheck.catalog.round17a_methods import VALID as METHODS17A_VALID
from tilecheck.catalog.round17d import INVALID as VALUES17D_INVALID
from tilecheck.catalog.round17d import VALID as VALUES17D_VALID
from tilecheck.catalog.round21h import INVALID as VIEWS21H_INVALID
from tilecheck.catalog.round23a import INVALID as DUNDERS23A_INVALID
from tilecheck.catalog.round23a import VALID as DUNDERS23A_VALID
from tilecheck.catalog.round25c import INVALID as ROUND25C_INVALID
from tilecheck.catalog.round25c import VALID as ROUND25C_VALID
from tilecheck.catalog.round26b import INVALID as ROUND26B_INVALID
from tilecheck.catalog.round26b import VALID as ROUND26B_VALID
from tilecheck.catalog.round28i import INVALID as ROUND28I_INVALID
from tilecheck.catalog.round28i import VALID as ROUND28I_VALID
from tilecheck.catalog.round29c import INVALID as ROUND29C_INVALID
from tilecheck.catalog.round29g import INVALID as ROUND29G_INVALID
from tilecheck.catalog.round29g import VALID as ROUND29G_VALID
from tilecheck.catalog.round30l import INVALID as ROUND30L_INVALID
from tilecheck.catalog.round30l import VALID as ROUND30L_VALID
from tilecheck.catalog.round31n import INVALID as ROUND31N_INVALID
from tilecheck.catalog.round31n import VALID as ROUND31N_VALID
from tilecheck.catalog.round33a import INVALID as ROUND33A_INVALID
from tilecheck.catalog.round33a import VALID as ROUND33A_VALID
from tilecheck.catalog.round34a import INVALID as ROUND34A_INVALID
from tilecheck.catalog.round34a import VALID as ROUND34A_VALID
from tilecheck.catalog.round35k import INVALID as ROUND35K_INVALID
from tilecheck.catalog.round35k import VALID as ROUND35K_VALID
from tilecheck.catalog.round36bf import INVALID as ROUND36BF_INVALID
from tilecheck.catalog.round36m import VALID as ROUND36M_VALID
from tilecheck.catalog.round37s import INVALID as ROUND37S_INVALID
from tilecheck.catalog.round37s import VALID as ROUND37S_VALID
from tilecheck.catalog.round39s import INVALID as ROUND39S_INVALID
from tilecheck.catalog.round39s import VALID as ROUND39S_VALID
from tilecheck.codes import WRITE_WHILE_SHARED

RULE = Rule(
    code=WRITE_WHILE_SHARED,
    slug="write-while-shared",
    summary="a write or partition of a tensor that an unreleased op reads",
    explanation="""\
A Shared argument is read by every block of the launch for as long as the op runs. Any number
of ops may read a tensor at once, and the host may read it too, but writing it (`copy_from`) or
partitioning it for a launch that writes it, before the readers are done, changes the data
under them: some blocks see the old values and some the new.

An op holds its Shared borrows from its creation until it is synced, waited on, awaited or its
graph is closed, exactly as for TC102.

Fix: wait for the readers first, or write into another tensor.""",
    scope="host",
    valid=(
        valid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32


@tr.kernel
def copy(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z))


def main() -> None:
    x = tr.ones((256,))
    a, b = tr.zeros((256,)), tr.zeros((256,))
    first = copy(a.partition((64,)), x).submit()
    second = copy(b.partition((64,)), x).submit()
    print(x.to_numpy())
    first.wait()
    second.wait()
""",
            "two pending ops that only read the same tensor, and a host read",
        ),
        valid(
            """\
import numpy as np

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32


@tr.kernel
def copy(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z))


def main() -> None:
    x, z = tr.ones((256,)), tr.zeros((256,))
    pending = copy(z.partition((64,)), x).submit()
    pending.wait()
    x.copy_from(np.zeros(256, np.float32))
""",
            "write after the reader was waited on",
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
    x, z = tr.ones((256,)), tr.zeros((256,))
    copy(z.partition((64,)), x).sync()
    scale(x.partition((64,)), 2.0).sync()
""",
            "partition after the reader was synced",
        ),
        *COLLECTIVE_VALID["TC103"],
        *METHODS_VALID["TC103"],
        *OBJECTS12_VALID["TC103"],
        *METHODS17A_VALID["TC103"],
        *VALUES17D_VALID["TC103"],
        *DUNDERS23A_VALID["TC103"],
        *ROUND25C_VALID["TC103"],
        *ROUND26B_VALID["TC103"],
        *ROUND28I_VALID["TC103"],
        *ROUND29G_VALID["TC103"],
        *ROUND30L_VALID["TC103"],
        *ROUND31N_VALID["TC103"],
        *ROUND33A_VALID["TC103"],
        *ROUND34A_VALID["TC103"],
        *ROUND35K_VALID["TC103"],
        *ROUND36M_VALID["TC103"],
        *ROUND37S_VALID["TC103"],
        *ROUND39S_VALID["TC103"],
    ),
    invalid=(
        invalid(
            """\
import numpy as np

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32


@tr.kernel
def copy(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z))


def main() -> None:
    x, z = tr.ones((256,)), tr.zeros((256,))
    pending = copy(z.partition((64,)), x).submit()
    x.copy_from(np.zeros(256, np.float32))  # TC103
    pending.wait()
""",
            "copy into a tensor a submitted op reads",
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
    pending = copy(z.partition((64,)), x).submit()
    scale(x.partition((64,)), 2.0).sync()  # TC103
    pending.wait()
""",
            "partition a tensor a submitted op reads",
        ),
        invalid(
            """\
import numpy as np

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32


@tr.kernel
def copy(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z))


def main() -> None:
    x, z = tr.ones((256,)), tr.zeros((256,))
    op = copy(z.partition((64,)), x)
    x.copy_from(np.zeros(256, np.float32))  # TC103
    op.sync()
""",
            "an unrun op already holds its Shared borrow",
        ),
        *COLLECTIVE_INVALID["TC103"],
        *ALARMS_INVALID["TC103"],
        *METHODS_INVALID["TC103"],
        *CONTAINERS11_INVALID["TC103"],
        *OBJECTS12_INVALID["TC103"],
        *METHODS17A_INVALID["TC103"],
        *VALUES17D_INVALID["TC103"],
        *VIEWS21H_INVALID["TC103"],
        *DUNDERS23A_INVALID["TC103"],
        *ROUND25C_INVALID["TC103"],
        *ROUND26B_INVALID["TC103"],
        *ROUND28I_INVALID["TC103"],
        *ROUND29G_INVALID["TC103"],
        *ROUND29C_INVALID["TC103"],
        *ROUND30L_INVALID["TC103"],
        *ROUND31N_INVALID["TC103"],
        *ROUND33A_INVALID["TC103"],
        *ROUND34A_INVALID["TC103"],
        *ROUND35K_INVALID["TC103"],
        *ROUND36BF_INVALID["TC103"],
        *ROUND37S_INVALID["TC103"],
        *ROUND39S_INVALID["TC103"],
    ),
)
