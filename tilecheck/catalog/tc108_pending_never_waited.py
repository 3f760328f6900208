"""TC108 (pending-never-waited) in the catalog: what ``tilecheck explain TC108`` prints, and the
examples the tests check (each one the complete module a reader sees)."""

from __future__ import annotations

from tilecheck.catalog.base import Rule, invalid, valid
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

The finding is per submit site, when no path from it waits on its Pending. A Pending that leaves
the function (returned, stored, passed to a function the checker does not know) is assumed to
be waited on elsewhere.

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
    ),
)
