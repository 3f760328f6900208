"""Examples of TC102 (use-in-flight) for the reads that stream order makes safe (docs/decisions.md,
"Async"): a launch, outside any graph capture, may read a tensor that submitted kernel ops
write; the host, other writers, and readers of unsubmitted ops, chains, zips, graphs and views
are still refused."""

from __future__ import annotations

from tilecheck.catalog.base import Case, invalid, valid
from tilecheck.catalog.round30l import INVALID as ROUND30L_INVALID
from tilecheck.catalog.round30l import VALID as ROUND30L_VALID
from tilecheck.catalog.round31s import INVALID as ROUND31S_INVALID
from tilecheck.catalog.round31s import VALID as ROUND31S_VALID
from tilecheck.catalog.round32k import INVALID as ROUND32K_INVALID
from tilecheck.catalog.round32k import VALID as ROUND32K_VALID
from tilecheck.catalog.round32l import INVALID as ROUND32L_INVALID
from tilecheck.catalog.round32l import VALID as ROUND32L_VALID
from tilecheck.catalog.round32t import INVALID as ROUND32T_INVALID
from tilecheck.catalog.round32t import VALID as ROUND32T_VALID
from tilecheck.catalog.round34d import INVALID as ROUND34D_INVALID
from tilecheck.catalog.round34d import VALID as ROUND34D_VALID
from tilecheck.catalog.round36bf import INVALID as ROUND36BF_INVALID
from tilecheck.catalog.round36bf import VALID as ROUND36BF_VALID
from tilecheck.catalog.round37a import INVALID as ROUND37A_INVALID
from tilecheck.catalog.round37a import VALID as ROUND37A_VALID
from tilecheck.catalog.round37s import INVALID as ROUND37S_INVALID
from tilecheck.catalog.round37s import VALID as ROUND37S_VALID
from tilecheck.catalog.round39r import INVALID as ROUND39R_INVALID
from tilecheck.catalog.round39r import VALID as ROUND39R_VALID

VALID: tuple[Case, ...] = (
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
    y, z = tr.zeros((256,)), tr.zeros((256,))
    first = add(y.partition((64,)), x, x).submit()
    second = add(z.partition((64,)), y, x).submit()  # reads y after its in-flight writer
    second.wait()
    first.wait()
    print(y.to_numpy(), z.to_numpy())
""",
        "a launch reads what a submitted kernel op writes: it runs after it, in stream order",
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
    y, z = tr.zeros((256,)), tr.zeros((256,))
    first = add(y.partition((64,)), x, x).submit()
    second = add(z.partition((64,)), y, x).submit(tr.Stream())  # waits for y's last writer
    second.wait()
    first.wait()
    print(y.to_numpy(), z.to_numpy())
""",
        "the reader on another stream: its launch waits for the tensor's last writer",
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
    y, z = tr.zeros((256,)), tr.zeros((256,))
    first = add(y.partition((64,)), x, x).submit()
    add(z.partition((64,)), y, x).sync()  # a synced reader, after the writer too
    first.wait()
    print(y.to_numpy(), z.to_numpy())
""",
        "a synced reader of an in-flight writer",
    ),
    valid(
        """\
import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32


@tr.kernel
def add(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], y: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z) + tl.load_tile_like(y, z))


def start(y: Tensor[f32], x: Tensor[f32]) -> tr.Pending:
    return add(y.partition((64,)), x, x).submit()


def follow(z: Tensor[f32], y: Tensor[f32], x: Tensor[f32]) -> None:
    add(z.partition((64,)), y, x).sync()


def main() -> None:
    x = tr.ones((256,))
    y, z = tr.zeros((256,)), tr.zeros((256,))
    first = start(y, x)  # a helper submits and returns the Pending
    follow(z, y, x)  # another launches a reader of y
    first.wait()
    print(y.to_numpy(), z.to_numpy())
""",
        "through helpers: the Pending a helper returns still lets readers follow",
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
    bufs = [tr.zeros((256,)) for _ in range(4)]
    prev = x
    pendings = []
    for buf in bufs:
        pendings.append(add(buf.partition((64,)), prev, x).submit())  # reads the last output
        prev = buf
    for pending in pendings:
        pending.wait()
    print(bufs[-1].to_numpy())
""",
        "a pipeline of dependent submits, their Pendings kept in a list",
    ),
    valid(
        """\
import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32


@tr.kernel
def add(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], y: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z) + tl.load_tile_like(y, z))


class Stage:
    def __init__(self) -> None:
        self.x = tr.ones((256,))
        self.y = tr.zeros((256,))
        self.z = tr.zeros((256,))

    def start(self) -> None:
        self.pending = add(self.y.partition((64,)), self.x, self.x).submit()

    def follow(self) -> None:
        add(self.z.partition((64,)), self.y, self.x).sync()

    def finish(self) -> None:
        self.pending.wait()


def main() -> None:
    stage = Stage()
    stage.start()
    stage.follow()  # reads stage.y while stage.pending writes it
    stage.finish()
    print(stage.z.to_numpy())
""",
        "a Pending kept in an attribute by one method, a reader launched by another",
    ),
    *ROUND30L_VALID["TC102"],
    *ROUND31S_VALID["TC102"],
    *ROUND32K_VALID["TC102"],
    *ROUND32L_VALID["TC102"],
    *ROUND32T_VALID["TC102"],
    *ROUND34D_VALID["TC102"],
    *ROUND36BF_VALID["TC102"],
    *ROUND37A_VALID["TC102"],
    *ROUND37S_VALID["TC102"],
    *ROUND39R_VALID["TC102"],
)

INVALID: tuple[Case, ...] = (
    invalid(
        """\
import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32


@tr.kernel
def add(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], y: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z) + tl.load_tile_like(y, z))


def main() -> None:
    x = tr.ones((256,))
    y, z = tr.zeros((256,)), tr.zeros((256,))
    first = add(y.partition((64,)), x, x).submit()
    second = add(z.partition((64,)), y, x).submit()
    print(y.to_numpy())  # TC102
    second.wait()
    first.wait()
""",
        "the host reads before the writer is waited on, readers in flight or not",
    ),
    invalid(
        """\
import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32


@tr.kernel
def add(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], y: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z) + tl.load_tile_like(y, z))


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def main() -> None:
    x = tr.ones((256,))
    y, z = tr.zeros((256,)), tr.zeros((256,))
    first = add(y.partition((64,)), x, x).submit()
    scale(y.partition((64,)), 2.0).sync()  # TC102
    first.wait()
""",
        "a second writer is not ordered after the first: wait first",
    ),
    invalid(
        """\
import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32


@tr.kernel
def add(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], y: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z) + tl.load_tile_like(y, z))


def main() -> None:
    x = tr.ones((256,))
    y, z = tr.zeros((256,)), tr.zeros((256,))
    made = add(y.partition((64,)), x, x)
    other = add(z.partition((64,)), y, x)  # TC102
    made.sync()
    other.sync()
""",
        "the writer is made but not submitted: it is on no stream yet",
    ),
    invalid(
        """\
import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32


@tr.kernel
def add(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], y: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z) + tl.load_tile_like(y, z))


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def main() -> None:
    x = tr.ones((256,))
    y, z = tr.zeros((256,)), tr.zeros((256,))
    pending = add(y.partition((64,)), x, x).then(lambda yp, *_: scale(yp, 2.0)).submit()
    add(z.partition((64,)), y, x).sync()  # TC102
    pending.wait()
""",
        "a `.then` chain holds y: only its own ops may take it",
    ),
    invalid(
        """\
import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32


@tr.kernel
def add(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], y: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z) + tl.load_tile_like(y, z))


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def main() -> None:
    x = tr.ones((256,))
    y, z, w = tr.zeros((256,)), tr.zeros((256,)), tr.zeros((256,))
    both = tr.zip(add(y.partition((64,)), x, x), scale(w.partition((64,)), 2.0)).submit()
    add(z.partition((64,)), y, x).sync()  # TC102
    both.wait()
""",
        "a `tr.zip` holds y as a chain does",
    ),
    invalid(
        """\
import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32


@tr.kernel
def add(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], y: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z) + tl.load_tile_like(y, z))


def main() -> None:
    x = tr.ones((256,))
    y, z = tr.zeros((256,)), tr.zeros((256,))
    pending = add(y.partition((64,)), x, x).submit()
    with tr.graph() as g:
        g.record(add(z.partition((64,)), y, x))  # TC102
    pending.wait()
    g.launch().wait()
    g.close()
""",
        "a reader made inside a graph capture (replayed later, on any stream)",
    ),
    invalid(
        """\
import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32


@tr.kernel
def add(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], y: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z) + tl.load_tile_like(y, z))


def main() -> None:
    x = tr.ones((256,))
    y, z = tr.zeros((256,)), tr.zeros((256,))
    rows = y.reshape(2, 128)  # a view: borrows are checked by region
    first = add(y.partition((64,)), x, x).submit()
    add(z.partition((64,)), y, x).sync()  # TC102
    first.wait()
    print(rows.shape)
""",
        "a tensor with a view (or a view) is not read after its writer: wait first",
    ),
    invalid(
        """\
import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32


@tr.kernel
def add(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], y: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z) + tl.load_tile_like(y, z))


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def start(y: Tensor[f32], x: Tensor[f32]) -> tr.Pending:
    return add(y.partition((64,)), x, x).then(lambda yp, *_: scale(yp, 2.0)).submit()


def main() -> None:
    x = tr.ones((256,))
    y, z = tr.zeros((256,)), tr.zeros((256,))
    first = start(y, x)
    add(z.partition((64,)), y, x).sync()  # TC102
    first.wait()
""",
        "a helper returns the Pending of a chain: readers stay refused",
    ),
    *ROUND30L_INVALID["TC102"],
    *ROUND31S_INVALID["TC102"],
    *ROUND32K_INVALID["TC102"],
    *ROUND32L_INVALID["TC102"],
    *ROUND32T_INVALID["TC102"],
    *ROUND34D_INVALID["TC102"],
    *ROUND36BF_INVALID["TC102"],
    *ROUND37A_INVALID["TC102"],
    *ROUND37S_INVALID["TC102"],
    *ROUND39R_INVALID["TC102"],
)
