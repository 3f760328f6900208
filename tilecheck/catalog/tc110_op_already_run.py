"""TC110 (op-already-run) in the catalog: what ``tilecheck explain TC110`` prints, and the
examples the tests check (each one the complete module a reader sees)."""

from __future__ import annotations

from tilecheck.catalog.across_methods import INVALID as METHODS_INVALID
from tilecheck.catalog.across_methods import VALID as METHODS_VALID
from tilecheck.catalog.base import Rule, invalid, valid
from tilecheck.catalog.collectives import INVALID as COLLECTIVE_INVALID
from tilecheck.catalog.round13_containers import INVALID as CONTAINERS13_INVALID
from tilecheck.catalog.round13_containers import VALID as CONTAINERS13_VALID
from tilecheck.catalog.round14_attributes import INVALID as ATTRIBUTES14_INVALID
from tilecheck.catalog.round14_attributes import VALID as ATTRIBUTES14_VALID
from tilecheck.catalog.round14_methods import INVALID as METHODS14_INVALID
from tilecheck.catalog.round14_methods import VALID as METHODS14_VALID
from tilecheck.catalog.round17b_unknown_code import INVALID as UNKNOWN17B_INVALID
from tilecheck.catalog.round17b_unknown_code import VALID as UNKNOWN17B_VALID
from tilecheck.catalog.round20c import INVALID as TASKS20C_INVALID
from tilecheck.catalog.round20c import VALID as TASKS20C_VALID
from tilecheck.catalog.round22l import INVALID as OBJECTS22L_INVALID
from tilecheck.catalog.round22l import VALID as OBJECTS22L_VALID
from tilecheck.catalog.round22n import INVALID as KEYED22N_INVALID
from tilecheck.catalog.round22n import VALID as KEYED22N_VALID
from tilecheck.catalog.round23b import INVALID as ITERATION23B_INVALID
from tilecheck.catalog.round23b import VALID as ITERATION23B_VALID
from tilecheck.catalog.round24g import INVALID as ROUND24G_INVALID
from tilecheck.catalog.round24g import VALID as ROUND24G_VALID
from tilecheck.catalog.round25b import INVALID as ROUND25B_INVALID
from tilecheck.catalog.round25b import VALID as ROUND25B_VALID
from tilecheck.catalog.round26e import INVALID as ROUND26E_INVALID
from tilecheck.catalog.round26e import VALID as ROUND26E_VALID
from tilecheck.catalog.round27g import INVALID as ROUND27G_INVALID
from tilecheck.catalog.round27g import VALID as ROUND27G_VALID
from tilecheck.catalog.round28g import INVALID as ROUND28G_INVALID
from tilecheck.catalog.round28g import VALID as ROUND28G_VALID
from tilecheck.catalog.round28h import INVALID as ROUND28H_INVALID
from tilecheck.catalog.round28h import VALID as ROUND28H_VALID
from tilecheck.catalog.round29n import INVALID as ROUND29N_INVALID
from tilecheck.catalog.round29n import VALID as ROUND29N_VALID
from tilecheck.catalog.round30l import INVALID as ROUND30L_INVALID
from tilecheck.catalog.round30l import VALID as ROUND30L_VALID
from tilecheck.catalog.round30o import INVALID as ROUND30O_INVALID
from tilecheck.catalog.round30o import VALID as ROUND30O_VALID
from tilecheck.catalog.round30u import INVALID as ROUND30U_INVALID
from tilecheck.catalog.round30u import VALID as ROUND30U_VALID
from tilecheck.catalog.round31e import INVALID as ROUND31E_INVALID
from tilecheck.catalog.round31e import VALID as ROUND31E_VALID
from tilecheck.catalog.round32l import INVALID as ROUND32L_INVALID
from tilecheck.catalog.round32l import VALID as ROUND32L_VALID
from tilecheck.catalog.round33a2 import INVALID as ROUND33A2_INVALID
from tilecheck.catalog.round33a2 import VALID as ROUND33A2_VALID
from tilecheck.catalog.round34a import INVALID as ROUND34A_INVALID
from tilecheck.catalog.round34a import VALID as ROUND34A_VALID
from tilecheck.catalog.round35r import INVALID as ROUND35R_INVALID
from tilecheck.catalog.round35r import VALID as ROUND35R_VALID
from tilecheck.catalog.round37e import INVALID as ROUND37E_INVALID
from tilecheck.catalog.round37e import VALID as ROUND37E_VALID
from tilecheck.catalog.round37l import INVALID as ROUND37L_INVALID
from tilecheck.catalog.round37l import VALID as ROUND37L_VALID
from tilecheck.catalog.round37m import INVALID as ROUND37M_INVALID
from tilecheck.catalog.round37m import VALID as ROUND37M_VALID
from tilecheck.catalog.round37s import INVALID as ROUND37S_INVALID
from tilecheck.catalog.round37s import VALID as ROUND37S_VALID
from tilecheck.catalog.round40e import INVALID as ROUND40E_INVALID
from tilecheck.catalog.round40e import VALID as ROUND40E_VALID
from tilecheck.catalog.round40n import INVALID as ROUND40N_INVALID
from tilecheck.catalog.round40n import VALID as ROUND40N_VALID
from tilecheck.catalog.windows_and_helpers import INVALID as WINDOWS_INVALID
from tilecheck.catalog.windows_and_helpers import VALID as WINDOWS_VALID
from tilecheck.codes import OP_ALREADY_RUN

RULE = Rule(
    code=OP_ALREADY_RUN,
    slug="op-already-run",
    summary="an Op synced, submitted, awaited, chained, zipped or recorded a second time",
    explanation="""\
An op runs once. Syncing, submitting or awaiting it runs it; chaining it with `.then`, zipping
it with `tr.zip` or recording it in a graph hands it to the op or graph that will run it. Any
second one of these on the same op object raises a RuntimeError at run time, worded by both
calls ("cannot sync op `k` (created at ...): it already ran (synced at ...); an op runs once"),
after everything before it has run.

The finding is reported at the second run, naming where the op was run first, only when it is
certain: the name holds the same op object on every path that reaches it, and that op was
already run on every one of those paths; or, in a loop, an op made before the loop that every
way around it ran: the next iteration runs it again, at each place the loop ran it. Not
reported: an op run on one branch only; one made anew in each loop iteration; one run in a
loop every way around which leaves it first (`break`, `return`) or runs it where an exception
may be swallowed (`try`); one kept in a list or a container (but `tr.zip(*ops)` or
`tr.zip(*ops.values())` of a whole local container runs every item: a later `ops[k].sync()`
is reported; so is a run through the item a local container holds under a constant key,
`ops["b"].sync()` after that op was run or recorded on every path), returned from or passed to
a function the checker does not follow, or named by a variable that a call may rebind
(`global`, `nonlocal`); a run that may have raised before it ran the op, as seen from an
`except` handler or from after a `with` block that may swallow the error (`pytest.raises`).
Inside a graph capture, running an op is TC111, not this rule.

Fix: call the kernel again for a new op when the work must run again (after the first op is
synced); for an op handed to a chain, a zip or a graph, run that one instead.""",
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
    for step in range(4):
        op = scale(z.partition((64,)), float(step))
        op.sync()
""",
            "a new op made in each iteration, run once each",
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
    op = scale(z.partition((64,)), 2.0)
    if fast:
        op.sync()
    if not fast:
        op.submit().wait()
""",
            "run on one branch, and after the `if` only where it was not: not twice on any path",
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
    op = scale(z.partition((64,)), 2.0)
    op.sync()
    op = scale(z.partition((64,)), 3.0)
    op.sync()
""",
            "the name rebound to a new op",
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


def main() -> None:
    z = tr.zeros((256,))
    make(z).sync()
    make(z).sync()
""",
            "each call of a function that makes an op gives a new one",
        ),
        valid(
            """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def describe(op: tr.Op) -> str:
    return repr(op)


def main() -> None:
    a, b = tr.zeros((256,)), tr.zeros((256,))
    first = scale(a.partition((64,)), 2.0)
    print(describe(first))
    first.sync()
    ops = [scale(b.partition((64,)), 3.0)]
    for op in ops:
        op.sync()
""",
            "passed to a function the checker does not follow, or kept in a list: not assumed run",
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
    pending.wait()
    pending.wait()
""",
            "a Pending may be waited on more than once",
        ),
        valid(
            """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def main() -> None:
    buf = tr.ones((256,))
    attempt = 0
    while attempt < 2:
        op = scale(buf.partition((64,)), 2.0)
        op.sync()
        attempt += 1
    print(buf.to_numpy())
""",
            "a retry loop that makes its op anew each attempt",
        ),
        valid(
            """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def main() -> None:
    buf = tr.ones((256,))
    op = scale(buf.partition((64,)), 2.0)
    for _ in range(3):
        op.sync()
        break
    print(buf.to_numpy())
""",
            "an op run once in a loop that leaves right after",
        ),
        *WINDOWS_VALID["TC110"],
        *METHODS_VALID["TC110"],
        *CONTAINERS13_VALID["TC110"],
        *ATTRIBUTES14_VALID["TC110"],
        *METHODS14_VALID["TC110"],
        *UNKNOWN17B_VALID["TC110"],
        *TASKS20C_VALID["TC110"],
        *KEYED22N_VALID["TC110"],
        *ITERATION23B_VALID["TC110"],
        *OBJECTS22L_VALID["TC110"],
        *ROUND24G_VALID["TC110"],
        *ROUND25B_VALID["TC110"],
        *ROUND26E_VALID["TC110"],
        *ROUND27G_VALID["TC110"],
        *ROUND28G_VALID["TC110"],
        *ROUND28H_VALID["TC110"],
        *ROUND29N_VALID["TC110"],
        *ROUND30O_VALID["TC110"],
        *ROUND30U_VALID["TC110"],
        *ROUND31E_VALID["TC110"],
        *ROUND30L_VALID["TC110"],
        *ROUND32L_VALID["TC110"],
        *ROUND33A2_VALID["TC110"],
        *ROUND34A_VALID["TC110"],
        *ROUND35R_VALID["TC110"],
        *ROUND37L_VALID["TC110"],
        *ROUND37S_VALID["TC110"],
        *ROUND37M_VALID["TC110"],
        *ROUND37E_VALID["TC110"],
        *ROUND40N_VALID["TC110"],
        *ROUND40E_VALID["TC110"],
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
    op = scale(z.partition((64,)), 2.0)
    op.sync()
    op.sync()  # TC110
""",
            "synced twice",
        ),
        invalid(
            """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def main() -> None:
    a, b = tr.zeros((256,)), tr.zeros((256,))
    first = scale(a.partition((64,)), 2.0)
    second = scale(b.partition((64,)), 3.0)
    both = tr.zip(first, second)
    both.sync()
    first.sync()  # TC110
""",
            "zipped ops run with the zip, not again on their own",
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
    op = add(z.partition((64,)), x, x)
    chained = op.then(lambda zp, *_: scale(zp, 2.0))
    chained.sync()
    op.sync()  # TC110
""",
            "an op chained with .then runs as part of the chain",
        ),
        invalid(
            """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def main(fast: bool) -> None:
    z = tr.zeros((256,))
    op = scale(z.partition((64,)), 2.0)
    if fast:
        op.sync()
    else:
        op.submit().wait()
    op.sync()  # TC110
""",
            "run on every branch, then again after the merge",
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
    op = scale(y.partition((256,)), 2.0)
    op.sync()
    with tr.graph() as g:
        g.record(op)  # TC110
    g.launch().wait()
    g.close()
""",
            "recording an op that already ran",
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
    op = scale(z.partition((64,)), 2.0)
    again = op
    op.submit().wait()
    again.sync()  # TC110
""",
            "an alias is the same op",
        ),
        invalid(
            """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


async def main() -> None:
    z = tr.zeros((256,))
    op = scale(z.partition((64,)), 2.0)
    await op
    await op  # TC110
""",
            "awaited twice",
        ),
        invalid(
            """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def main() -> None:
    buf = tr.ones((256,))
    op = scale(buf.partition((64,)), 2.0)
    attempt = 0
    while attempt < 2:
        op.sync()  # TC110
        attempt += 1
    print(buf.to_numpy())
""",
            "an op made before a loop and synced in it: the next iteration runs it again",
        ),
        *COLLECTIVE_INVALID["TC110"],
        *WINDOWS_INVALID["TC110"],
        *METHODS_INVALID["TC110"],
        *CONTAINERS13_INVALID["TC110"],
        *ATTRIBUTES14_INVALID["TC110"],
        *METHODS14_INVALID["TC110"],
        *UNKNOWN17B_INVALID["TC110"],
        *TASKS20C_INVALID["TC110"],
        *OBJECTS22L_INVALID["TC110"],
        *KEYED22N_INVALID["TC110"],
        *ITERATION23B_INVALID["TC110"],
        *ROUND24G_INVALID["TC110"],
        *ROUND25B_INVALID["TC110"],
        *ROUND26E_INVALID["TC110"],
        *ROUND27G_INVALID["TC110"],
        *ROUND28G_INVALID["TC110"],
        *ROUND28H_INVALID["TC110"],
        *ROUND29N_INVALID["TC110"],
        *ROUND30O_INVALID["TC110"],
        *ROUND30U_INVALID["TC110"],
        *ROUND31E_INVALID["TC110"],
        *ROUND30L_INVALID["TC110"],
        *ROUND32L_INVALID["TC110"],
        *ROUND33A2_INVALID["TC110"],
        *ROUND34A_INVALID["TC110"],
        *ROUND35R_INVALID["TC110"],
        *ROUND37L_INVALID["TC110"],
        *ROUND37S_INVALID["TC110"],
        *ROUND37M_INVALID["TC110"],
        *ROUND37E_INVALID["TC110"],
        *ROUND40N_INVALID["TC110"],
        *ROUND40E_INVALID["TC110"],
    ),
)
