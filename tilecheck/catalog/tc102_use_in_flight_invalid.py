"""The INVALID examples of TC102 (use-in-flight), kept beside ``tc102_use_in_flight`` (its
summary, explanation and VALID examples) because one module of both would be too long."""

from __future__ import annotations

from tilecheck.catalog.base import Case, invalid

INVALID: tuple[Case, ...] = (
    invalid(
        """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def main() -> None:
    z = tr.zeros((256,))
    pending = scale(z.partition((64,)), 2.0).submit()
    print(z.to_numpy())  # TC102
    pending.wait()
""",
        "read on the host while the submitted op writes",
    ),
    invalid(
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
        print(b.to_numpy())  # TC102
        pending.wait()
        a, b = b, a
""",
        "ping-pong: the name written is in flight, whichever tensor it holds",
    ),
    invalid(
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
        c = b
        print(c.to_numpy())  # TC102
        pending.wait()
        a, b = b, a
""",
        "ping-pong: an alias of the name written",
    ),
    invalid(
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
        a, b = b, a
        print(a.to_numpy())  # TC102
        pending.wait()
""",
        "ping-pong: after the swap `a` holds the tensor written",
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
    zs = [tr.zeros((256,)) for _ in range(3)]
    prev = None
    prev_pending = None
    for z in zs:
        pending = add(z.partition((64,)), x, x).submit()
        if prev is not None and prev_pending is not None:
            print(prev.to_numpy())  # TC102
            prev_pending.wait()
        prev, prev_pending = z, pending
    if prev_pending is not None:
        prev_pending.wait()
""",
        "pipelining: the previous iteration's tensor before its wait",
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
    zs = [tr.zeros((256,)) for _ in range(3)]
    prev = None
    prev_pending = None
    for z in zs:
        pending = add(z.partition((64,)), x, x).submit()
        if prev is not None and prev_pending is not None:
            prev_pending.wait()
            print(z.to_numpy())  # TC102
        prev, prev_pending = z, pending
    if prev_pending is not None:
        prev_pending.wait()
""",
        "pipelining: this iteration's tensor, after the previous one's wait",
    ),
    invalid(
        """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def main(check: bool) -> None:
    z = tr.zeros((256,))
    pending = scale(z.partition((64,)), 2.0).submit()
    if check:
        pending.wait()
    print(z.to_numpy())  # TC102
""",
        "waited on one branch only",
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
    pending = None
    for step in range(4):
        pending = scale(z.partition((64,)), float(step)).submit()  # TC102
    if pending is not None:
        pending.wait()
""",
        "the previous iteration's op is still in flight when the loop comes around",
    ),
    invalid(
        """\
import numpy as np

import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def main() -> None:
    z = tr.zeros((256,))
    pending = scale(z.partition((64,)), 2.0).submit()
    w = z
    w.copy_from(np.zeros(256, np.float32))  # TC102
    pending.wait()
""",
        "an alias of an in-flight tensor",
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
    print(z.to_numpy())  # TC102
    op.sync()
""",
        "an op holds its borrows from its creation, before it runs",
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
    pending = scale(z.partition((64,)), 2.0).submit()
    pending.done()
    print(z.to_numpy())  # TC102
    pending.wait()
""",
        "done() does not release, whatever it returns",
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
    x, y = tr.ones((1024,)), tr.zeros((1024,))
    with tr.graph() as g:
        g.record(copy(y.partition((256,)), x))
    g.launch().wait()
    print(y.to_numpy())  # TC102
    g.close()
""",
        "a graph holds its borrows until close, even between launches",
    ),
    invalid(
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
    print(z.to_numpy())  # TC102
    pending.wait()
""",
        "still in flight after an `if` whose test short-circuits",
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
    x, z = tr.ones((256,)), tr.zeros((256,))
    pending = add.with_options(occupancy=2)(z.partition((64,)), x, x).submit()
    print(z.to_numpy())  # TC102
    pending.wait()
""",
        "a kernel with other compile options launches as the kernel itself",
    ),
    invalid(
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
        case k if k < 0:
            pending.wait()
    print(z.to_numpy())  # TC102
""",
        "a guarded capture may fail: the `match` may take no case",
    ),
    invalid(
        """\
import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32


@tr.kernel
def copy(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z))


import asyncio


async def main() -> None:
    a, b, x = tr.ones((256,)), tr.zeros((256,)), tr.ones((256,))
    await asyncio.gather(
        copy(a.partition((64,)), x),
        copy(b.partition((64,)), a),  # TC102
    )
""",
        "dependent ops gathered: the first op holds `a` while the second argument is made",
    ),
    invalid(
        """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def run_all(*ops: tr.Op) -> None:
    for op in ops:
        op.sync()


def main() -> None:
    a = tr.zeros((256,))
    run_all(
        scale(a.partition((64,)), 2.0),
        scale(a.partition((64,)), 3.0),  # TC102
    )
""",
        "one tensor partitioned for two ops handed to one call: the callee gets both at once",
    ),
    invalid(
        """\
import numpy as np

import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def run_and_log(op: tr.Op, snapshot: np.ndarray) -> None:
    print(snapshot)
    op.sync()


def main() -> None:
    z = tr.zeros((256,))
    run_and_log(scale(z.partition((64,)), 2.0), z.to_numpy())  # TC102
""",
        "a later argument reads what the op made by an earlier one holds",
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
    pending = scale(z.partition((64,)), 2.0).submit()
    status = lambda: pending.done()
    print(z.to_numpy())  # TC102
    pending.wait()
    print(status())
""",
        "making a closure that names the Pending runs nothing: it is still in flight",
    ),
    invalid(
        """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def main(check: bool) -> None:
    z = tr.zeros((256,))
    if (pending := scale(z.partition((64,)), 2.0).submit()) is not None and check:
        pending.wait()
    print(z.to_numpy())  # TC102
""",
        "narrowed by a walrus, but the other condition may skip the wait",
    ),
    invalid(
        """\
try:
    import tilert as tr
    from tilert import Mutable, Tensor, f32
except ImportError:  # tilert is optional
    tr = None


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def main() -> None:
    z = tr.zeros((256,))
    pending = scale(z.partition((64,)), 2.0).submit()
    print(z.to_numpy())  # TC102
    pending.wait()
""",
        "an optional import with a `None` fallback still means tilert",
        typed=False,
    ),
)
