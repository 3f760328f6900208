"""TC108 (pending-never-waited) in the catalog: what ``tilecheck explain TC108`` prints, and the
examples the tests check (each one the complete module a reader sees)."""

from __future__ import annotations

from tilecheck.catalog.across_methods import INVALID as METHODS_INVALID
from tilecheck.catalog.across_methods import VALID as METHODS_VALID
from tilecheck.catalog.base import Rule, invalid, valid
from tilecheck.catalog.calls_and_branches import INVALID as CALLS_INVALID
from tilecheck.catalog.calls_and_branches import VALID as CALLS_VALID
from tilecheck.catalog.collectives import INVALID as COLLECTIVE_INVALID
from tilecheck.catalog.fresh3_alarms import INVALID as ALARMS_INVALID
from tilecheck.catalog.fresh3_alarms import VALID as ALARMS_VALID
from tilecheck.catalog.fresh3_gaps import INVALID as GAPS_INVALID
from tilecheck.catalog.fresh3_gaps import VALID as GAPS_VALID
from tilecheck.catalog.fresh3_round8 import INVALID as ROUND8_INVALID
from tilecheck.catalog.fresh3_round8 import VALID as ROUND8_VALID
from tilecheck.catalog.fresh4_round9 import INVALID as ROUND9_INVALID
from tilecheck.catalog.fresh4_round9 import VALID as ROUND9_VALID
from tilecheck.catalog.fresh_silences import VALID as FRESH_VALID
from tilecheck.catalog.objects import INVALID as OBJECTS_INVALID
from tilecheck.catalog.objects import VALID as OBJECTS_VALID
from tilecheck.catalog.round11_containers import INVALID as CONTAINERS11_INVALID
from tilecheck.catalog.round13_attributes import INVALID as ATTRIBUTES13_INVALID
from tilecheck.catalog.round13_attributes import VALID as ATTRIBUTES13_VALID
from tilecheck.catalog.round13_capture import INVALID as CAPTURE13_INVALID
from tilecheck.catalog.round13_capture import VALID as CAPTURE13_VALID
from tilecheck.catalog.round13_containers import INVALID as CONTAINERS13_INVALID
from tilecheck.catalog.round13_containers import VALID as CONTAINERS13_VALID
from tilecheck.catalog.round14_methods import INVALID as METHODS14_INVALID
from tilecheck.catalog.round14_methods import VALID as METHODS14_VALID
from tilecheck.catalog.round17a_methods import INVALID as METHODS17A_INVALID
from tilecheck.catalog.round17a_methods import VALID as METHODS17A_VALID
from tilecheck.catalog.round20b import INVALID as GENERATORS20B_INVALID
from tilecheck.catalog.round20b import VALID as GENERATORS20B_VALID
from tilecheck.catalog.round21j import INVALID as CLEARED21J_INVALID
from tilecheck.catalog.round21j import VALID as CLEARED21J_VALID
from tilecheck.catalog.round22k import INVALID as SKIPPED22K_INVALID
from tilecheck.catalog.round22k import VALID as SKIPPED22K_VALID
from tilecheck.catalog.round23d import INVALID as DROPS23D_INVALID
from tilecheck.catalog.round23d import VALID as DROPS23D_VALID
from tilecheck.catalog.round24e import INVALID as ATTRIBUTES24E_INVALID
from tilecheck.catalog.round24e import VALID as ATTRIBUTES24E_VALID
from tilecheck.catalog.round25b import INVALID as ROUND25B_INVALID
from tilecheck.catalog.round25b import VALID as ROUND25B_VALID
from tilecheck.catalog.round26b import INVALID as ROUND26B_INVALID
from tilecheck.catalog.round26b import VALID as ROUND26B_VALID
from tilecheck.catalog.round26e import INVALID as ROUND26E_INVALID
from tilecheck.catalog.round26e import VALID as ROUND26E_VALID
from tilecheck.catalog.round28l import INVALID as ROUND28L_INVALID
from tilecheck.catalog.round28l import VALID as ROUND28L_VALID
from tilecheck.catalog.round29c import INVALID as ROUND29C_INVALID
from tilecheck.catalog.round29c import VALID as ROUND29C_VALID
from tilecheck.catalog.round29f import INVALID as ROUND29F_INVALID
from tilecheck.catalog.round29f import VALID as ROUND29F_VALID
from tilecheck.catalog.round30h import VALID as ROUND30H_VALID
from tilecheck.catalog.round30l import INVALID as ROUND30L_INVALID
from tilecheck.catalog.round30l import VALID as ROUND30L_VALID
from tilecheck.catalog.round30p import INVALID as ROUND30P_INVALID
from tilecheck.catalog.round30p import VALID as ROUND30P_VALID
from tilecheck.catalog.round31e import INVALID as ROUND31E_INVALID
from tilecheck.catalog.round31e import VALID as ROUND31E_VALID
from tilecheck.catalog.round31k import INVALID as ROUND31K_INVALID
from tilecheck.catalog.round31k import VALID as ROUND31K_VALID
from tilecheck.catalog.round33b import VALID as ROUND33B_VALID
from tilecheck.catalog.round33c import INVALID as ROUND33C_INVALID
from tilecheck.catalog.round33c import VALID as ROUND33C_VALID
from tilecheck.catalog.round34d import INVALID as ROUND34D_INVALID
from tilecheck.catalog.round34d import VALID as ROUND34D_VALID
from tilecheck.catalog.round34k import INVALID as ROUND34K_INVALID
from tilecheck.catalog.round34k import VALID as ROUND34K_VALID
from tilecheck.catalog.round34l import INVALID as ROUND34L_INVALID
from tilecheck.catalog.round34l import VALID as ROUND34L_VALID
from tilecheck.catalog.round35k import INVALID as ROUND35K_INVALID
from tilecheck.catalog.round35k import VALID as ROUND35K_VALID
from tilecheck.catalog.round36a import INVALID as ROUND36A_INVALID
from tilecheck.catalog.round36a import VALID as ROUND36A_VALID
from tilecheck.catalog.round36c import INVALID as ROUND36C_INVALID
from tilecheck.catalog.round36e import INVALID as ROUND36E_INVALID
from tilecheck.catalog.round36e import VALID as ROUND36E_VALID
from tilecheck.catalog.round36m import INVALID as ROUND36M_INVALID
from tilecheck.catalog.round36m import VALID as ROUND36M_VALID
from tilecheck.catalog.round37k import INVALID as ROUND37K_INVALID
from tilecheck.catalog.round37k import VALID as ROUND37K_VALID
from tilecheck.catalog.round38a import INVALID as ROUND38A_INVALID
from tilecheck.catalog.round38a import VALID as ROUND38A_VALID
from tilecheck.catalog.round38k import INVALID as ROUND38K_INVALID
from tilecheck.catalog.round38k import VALID as ROUND38K_VALID
from tilecheck.catalog.round39c import INVALID as ROUND39C_INVALID
from tilecheck.catalog.round39c import VALID as ROUND39C_VALID
from tilecheck.catalog.round39k import INVALID as ROUND39K_INVALID
from tilecheck.catalog.round39k import VALID as ROUND39K_VALID
from tilecheck.catalog.round39r import VALID as ROUND39R_VALID
from tilecheck.catalog.round40n import INVALID as ROUND40N_INVALID
from tilecheck.catalog.round40n import VALID as ROUND40N_VALID
from tilecheck.catalog.round41n import INVALID as ROUND41N_INVALID
from tilecheck.catalog.round41n import VALID as ROUND41N_VALID
from tilecheck.catalog.round41w import INVALID as ROUND41W_INVALID
from tilecheck.catalog.round41w import VALID as ROUND41W_VALID
from tilecheck.catalog.windows_and_helpers import INVALID as WINDOWS_INVALID
from tilecheck.catalog.windows_and_helpers import VALID as WINDOWS_VALID
from tilecheck.codes import PENDING_NEVER_WAITED

RULE = Rule(
    code=PENDING_NEVER_WAITED,
    slug="pending-never-waited",
    summary="a submit from which no path reaches a wait",
    explanation="""\
`op.submit()` queues the op and returns a Pending that holds the op's borrows until it is waited
on (`.wait()` or `await`). A Pending that is never waited on keeps its tensors borrowed: every
later use of them is an error at run time, and the only release is the garbage collector, which
waits implicitly and warns. Errors raised by the kernel are also only reported through the wait.

The finding is per submit site, when no path from it waits on its Pending, or when the function
returns with the Pending still unwaited on every path that holds it in its local names (the
last step of a pipeline that waits each Pending in the next iteration). A Pending that leaves
the function (returned, stored, passed to a function the checker does not know) is assumed to
be waited on elsewhere, unless it is kept in an attribute that no code of the module ever reads
(`self.pending = ...` and nothing reading `.pending`, in a module that makes the class), or
popped from a local dict by its constant key and discarded (`running.pop("b", None)` as a
statement, the Pending live and held by nothing else).

Fix: keep the Pending and wait on it (`pending.wait()`, `await pending`), or use `.sync()` when
nothing needs to overlap.""",
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
    pending.wait()
""",
            "waited",
        ),
        valid(
            """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


async def main() -> None:
    z = tr.zeros((256,))
    pending = scale(z.partition((64,)), 2.0).submit()
    await pending
""",
            "awaited",
        ),
        valid(
            """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def main() -> None:
    tensors = [tr.zeros((256,)) for _ in range(4)]
    pendings = []
    for t in tensors:
        pendings.append(scale(t.partition((64,)), 2.0).submit())
    for pending in pendings:
        pending.wait()
""",
            "kept in a list and waited on later",
        ),
        valid(
            """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def start(z: tr.Tensor[f32]) -> tr.Pending:
    return scale(z.partition((64,)), 2.0).submit()
""",
            "returned: the caller waits",
        ),
        valid(
            """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def main(verbose: bool, n: int) -> None:
    z = tr.zeros((256,))
    pending = scale(z.partition((64,)), 2.0).submit()
    if verbose and n > 0:
        print("submitted")
    pending.wait()
    print(z.to_numpy())
""",
            "a short-circuit test on untracked names keeps the Pending that is waited after it",
        ),
        valid(
            """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def main(verbose: bool, n: int) -> None:
    z = tr.zeros((256,))
    pending = scale(z.partition((64,)), 2.0).submit()
    label = "big" if verbose and n > 0 else "small"
    for _ in range(n):
        print(label)
    pending.wait()
    print(z.to_numpy())
""",
            "a short-circuit test in a conditional expression keeps the Pending",
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
    finish = lambda: pending.wait()
    finish()
""",
            "waited on through a closure",
        ),
        valid(
            """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


PENDING = None


def start(z: tr.Tensor[f32]) -> None:
    global PENDING
    PENDING = scale(z.partition((64,)), 2.0).submit()


def main() -> None:
    z = tr.zeros((256,))
    start(z)
    if PENDING is not None:
        PENDING.wait()
    print(z.to_numpy())
""",
            "stored in a `global`: waited on elsewhere",
        ),
        valid(
            """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def run(chunks: list[tr.Tensor]) -> None:
    prev = None
    for chunk in chunks:
        pend = scale(chunk.partition((64,)), 0.5).submit()
        if prev is not None:
            prev.wait()
        prev = pend
    if prev is not None:
        prev.wait()
""",
            "a software pipeline that waits for its last step after the loop",
        ),
        valid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32


@tr.kernel
def copy(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z))


class Prefetcher:
    def __init__(self) -> None:
        self.src = tr.ones((256,))
        self.staged = tr.zeros((256,))
        self.pending: tr.Pending | None = None

    def prefetch(self) -> None:
        self.pending = copy(self.staged.partition((64,)), self.src).submit()

    def get(self) -> tr.Tensor:
        if self.pending is not None:
            self.pending.wait()
        return self.staged
""",
            "a Pending kept in an attribute that another method waits for",
        ),
        *WINDOWS_VALID["TC108"],
        *FRESH_VALID["TC108"],
        *OBJECTS_VALID["TC108"],
        *ROUND8_VALID["TC108"],
        *ROUND9_VALID["TC108"],
        *CALLS_VALID["TC108"],
        *GAPS_VALID["TC108"],
        *ALARMS_VALID["TC108"],
        *METHODS_VALID["TC108"],
        *ATTRIBUTES13_VALID["TC108"],
        *CAPTURE13_VALID["TC108"],
        *CONTAINERS13_VALID["TC108"],
        *METHODS14_VALID["TC108"],
        *METHODS17A_VALID["TC108"],
        *GENERATORS20B_VALID["TC108"],
        *CLEARED21J_VALID["TC108"],
        *ATTRIBUTES24E_VALID["TC108"],
        *SKIPPED22K_VALID["TC108"],
        *DROPS23D_VALID["TC108"],
        *ROUND25B_VALID["TC108"],
        *ROUND26E_VALID["TC108"],
        *ROUND26B_VALID["TC108"],
        *ROUND28L_VALID["TC108"],
        *ROUND29F_VALID["TC108"],
        *ROUND29C_VALID["TC108"],
        *ROUND30L_VALID["TC108"],
        *ROUND30H_VALID["TC108"],
        *ROUND30P_VALID["TC108"],
        *ROUND31E_VALID["TC108"],
        *ROUND31K_VALID["TC108"],
        *ROUND33B_VALID["TC108"],
        *ROUND33C_VALID["TC108"],
        *ROUND36A_VALID["TC108"],
        *ROUND34L_VALID["TC108"],
        *ROUND34K_VALID["TC108"],
        *ROUND35K_VALID["TC108"],
        *ROUND36E_VALID["TC108"],
        *ROUND36M_VALID["TC108"],
        *ROUND37K_VALID["TC108"],
        *ROUND38A_VALID["TC108"],
        *ROUND38K_VALID["TC108"],
        *ROUND39C_VALID["TC108"],
        *ROUND39K_VALID["TC108"],
        *ROUND39R_VALID["TC108"],
        *ROUND34D_VALID["TC108"],
        *ROUND40N_VALID["TC108"],
        *ROUND41N_VALID["TC108"],
        *ROUND41W_VALID["TC108"],
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
    scale(z.partition((64,)), 2.0).submit()  # TC108
""",
            "the Pending is dropped",
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
    pending = scale(z.partition((64,)), 2.0).submit()  # TC108
    print(pending.done())
""",
            "done() is not a wait",
        ),
        invalid(
            """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def main() -> None:
    tensors = [tr.zeros((256,)) for _ in range(4)]
    for t in tensors:
        pending = scale(t.partition((64,)), 2.0).submit()  # TC108
""",
            "submitted in a loop, never waited on",
        ),
        invalid(
            """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


LAUNCHES = 0


def main() -> None:
    global LAUNCHES
    z = tr.zeros((256,))
    pending = scale(z.partition((64,)), 2.0).submit()  # TC108
    LAUNCHES += 1
""",
            "a `global` declaration covers only the names it lists",
        ),
        invalid(
            """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def run(chunks: list[tr.Tensor]) -> None:
    prev = None
    for chunk in chunks:
        pend = scale(chunk.partition((64,)), 0.5).submit()  # TC108
        if prev is not None:
            prev.wait()
        prev = pend
""",
            "a software pipeline that never waits for its last step: still live when the function "
            "returns",
        ),
        invalid(
            """\
import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32


@tr.kernel
def copy(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z))


class Prefetcher:
    def __init__(self) -> None:
        self.src = tr.ones((256,))
        self.staged = tr.zeros((256,))
        self.pending = None

    def prefetch(self) -> None:
        self.pending = copy(self.staged.partition((64,)), self.src).submit()  # TC108


def main() -> None:
    Prefetcher().prefetch()
""",
            "a Pending kept in an attribute that nothing in the module ever reads",
        ),
        *COLLECTIVE_INVALID["TC108"],
        *WINDOWS_INVALID["TC108"],
        *OBJECTS_INVALID["TC108"],
        *ROUND8_INVALID["TC108"],
        *ROUND9_INVALID["TC108"],
        *CONTAINERS11_INVALID["TC108"],
        *CALLS_INVALID["TC108"],
        *GAPS_INVALID["TC108"],
        *ALARMS_INVALID["TC108"],
        *METHODS_INVALID["TC108"],
        *ATTRIBUTES13_INVALID["TC108"],
        *CAPTURE13_INVALID["TC108"],
        *CONTAINERS13_INVALID["TC108"],
        *METHODS14_INVALID["TC108"],
        *METHODS17A_INVALID["TC108"],
        *GENERATORS20B_INVALID["TC108"],
        *CLEARED21J_INVALID["TC108"],
        *ATTRIBUTES24E_INVALID["TC108"],
        *SKIPPED22K_INVALID["TC108"],
        *DROPS23D_INVALID["TC108"],
        *ROUND25B_INVALID["TC108"],
        *ROUND26E_INVALID["TC108"],
        *ROUND26B_INVALID["TC108"],
        *ROUND28L_INVALID["TC108"],
        *ROUND29F_INVALID["TC108"],
        *ROUND29C_INVALID["TC108"],
        *ROUND30L_INVALID["TC108"],
        *ROUND30P_INVALID["TC108"],
        *ROUND31E_INVALID["TC108"],
        *ROUND31K_INVALID["TC108"],
        *ROUND33C_INVALID["TC108"],
        *ROUND36A_INVALID["TC108"],
        *ROUND34L_INVALID["TC108"],
        *ROUND34K_INVALID["TC108"],
        *ROUND35K_INVALID["TC108"],
        *ROUND36C_INVALID["TC108"],
        *ROUND36E_INVALID["TC108"],
        *ROUND36M_INVALID["TC108"],
        *ROUND37K_INVALID["TC108"],
        *ROUND38A_INVALID["TC108"],
        *ROUND38K_INVALID["TC108"],
        *ROUND39C_INVALID["TC108"],
        *ROUND39K_INVALID["TC108"],
        *ROUND34D_INVALID["TC108"],
        *ROUND40N_INVALID["TC108"],
        *ROUND41N_INVALID["TC108"],
        *ROUND41W_INVALID["TC108"],
    ),
)
