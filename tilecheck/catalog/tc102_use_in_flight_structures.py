"""More examples of TC102 (use-in-flight): tensors reached through attributes, containers,
closures and the module's helpers, and the double-buffering and pipelining patterns that stay
silent when correct (issue 17)."""

from __future__ import annotations

from tilecheck.catalog.base import Case, invalid, valid
from tilecheck.catalog.round29g import INVALID as ROUND29G_INVALID
from tilecheck.catalog.round29g import VALID as ROUND29G_VALID
from tilecheck.catalog.round30p import INVALID as ROUND30P_INVALID
from tilecheck.catalog.round30p import VALID as ROUND30P_VALID
from tilecheck.catalog.round30u2 import INVALID as ROUND30U2_INVALID
from tilecheck.catalog.round30u2 import VALID as ROUND30U2_VALID
from tilecheck.catalog.round31i import INVALID as ROUND31I_INVALID
from tilecheck.catalog.round31i import VALID as ROUND31I_VALID
from tilecheck.catalog.round31k import INVALID as ROUND31K_INVALID
from tilecheck.catalog.round31k import VALID as ROUND31K_VALID
from tilecheck.catalog.round32f import INVALID as ROUND32F_INVALID
from tilecheck.catalog.round32f import VALID as ROUND32F_VALID
from tilecheck.catalog.round32p import INVALID as ROUND32P_INVALID
from tilecheck.catalog.round32p import VALID as ROUND32P_VALID
from tilecheck.catalog.round33a import INVALID as ROUND33A_INVALID
from tilecheck.catalog.round33a import VALID as ROUND33A_VALID
from tilecheck.catalog.round33a2 import INVALID as ROUND33A2_INVALID
from tilecheck.catalog.round33a2 import VALID as ROUND33A2_VALID
from tilecheck.catalog.round33c import INVALID as ROUND33C_INVALID
from tilecheck.catalog.round33c import VALID as ROUND33C_VALID
from tilecheck.catalog.round33d import INVALID as ROUND33D_INVALID
from tilecheck.catalog.round33d import VALID as ROUND33D_VALID
from tilecheck.catalog.round33h import INVALID as ROUND33H_INVALID
from tilecheck.catalog.round33h import VALID as ROUND33H_VALID
from tilecheck.catalog.round33m import INVALID as ROUND33M_INVALID
from tilecheck.catalog.round33m import VALID as ROUND33M_VALID
from tilecheck.catalog.round34a import INVALID as ROUND34A_INVALID
from tilecheck.catalog.round34a import VALID as ROUND34A_VALID
from tilecheck.catalog.round34b import INVALID as ROUND34B_INVALID
from tilecheck.catalog.round34b import VALID as ROUND34B_VALID
from tilecheck.catalog.round34e import INVALID as ROUND34E_INVALID
from tilecheck.catalog.round34e import VALID as ROUND34E_VALID
from tilecheck.catalog.round34l import INVALID as ROUND34L_INVALID
from tilecheck.catalog.round34l import VALID as ROUND34L_VALID
from tilecheck.catalog.round35f import INVALID as ROUND35F_INVALID
from tilecheck.catalog.round35f import VALID as ROUND35F_VALID
from tilecheck.catalog.round35k import INVALID as ROUND35K_INVALID
from tilecheck.catalog.round35k import VALID as ROUND35K_VALID
from tilecheck.catalog.round35o import INVALID as ROUND35O_INVALID
from tilecheck.catalog.round35o import VALID as ROUND35O_VALID
from tilecheck.catalog.round36a import INVALID as ROUND36A_INVALID
from tilecheck.catalog.round36a import VALID as ROUND36A_VALID
from tilecheck.catalog.round36d import INVALID as ROUND36D_INVALID
from tilecheck.catalog.round36d import VALID as ROUND36D_VALID
from tilecheck.catalog.round36m import INVALID as ROUND36M_INVALID
from tilecheck.catalog.round36m import VALID as ROUND36M_VALID
from tilecheck.catalog.rows_and_library import INVALID as ROWS_INVALID
from tilecheck.catalog.rows_and_library import VALID as ROWS_VALID
from tilecheck.catalog.windows_and_helpers import INVALID as WINDOWS_INVALID
from tilecheck.catalog.windows_and_helpers import VALID as WINDOWS_VALID

VALID: tuple[Case, ...] = (
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
    pend_a = copy(a.partition((64,)), x).submit()
    for _ in range(4):
        pend_b = copy(b.partition((64,)), x).submit()
        pend_a.wait()
        print(a.to_numpy()[0])
        a, b = b, a  # the buffers swap names ...
        pend_a = pend_b  # ... and so do their pendings
    pend_a.wait()
""",
        "double buffering: the names of the buffers and of their pendings swap each iteration",
    ),
    valid(
        """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def main() -> None:
    bufs = [tr.full((256,), float(i)) for i in range(4)]
    prev = None
    for t in bufs:
        pend = scale(t.partition((64,)), 2.0).submit()
        if prev is not None:
            prev.wait()
        prev = pend
    if prev is not None:
        prev.wait()
    print([b.to_numpy()[0] for b in bufs])
""",
        "software pipeline: one op stays in flight into the next iteration, over distinct tensors",
    ),
    valid(
        """\
import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32


@tr.kernel
def copy(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z))


class Layer:
    def __init__(self) -> None:
        self.x = tr.ones((256,))
        self.out = tr.zeros((256,))

    def forward(self) -> float:
        pending = copy(self.out.partition((64,)), self.x).submit()
        pending.wait()
        return float(self.out.to_numpy()[0])


def main() -> None:
    print(Layer().forward())
""",
        "a class owning its buffers (`__init__` makes them): read after the wait",
    ),
    valid(
        """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def launch_scale(t: Tensor[f32], a: float) -> tr.Pending:
    return scale(t.partition((64,)), a).submit()


def main() -> None:
    z = tr.ones((256,))
    pending = launch_scale(z, 2.0)
    pending.wait()
    print(z.to_numpy())
""",
        "a helper of the module submits and returns the Pending; the caller waits, then reads",
    ),
    valid(
        """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def main() -> None:
    z = tr.ones((256,))
    pending = scale(z.partition((64,)), 2.0).submit()

    def finish() -> float:
        pending.wait()
        return float(z.to_numpy()[0])

    print(finish())
""",
        "a closure that waits for the captured Pending before it reads",
    ),
    valid(
        """\
import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32


@tr.kernel
def copy(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z))


class Job:
    def __init__(self) -> None:
        self.x = tr.ones((256,))
        self.out = tr.zeros((256,))
        self.pending: tr.Pending | None = None

    def start(self) -> None:
        self.pending = copy(self.out.partition((64,)), self.x).submit()

    def finish(self) -> None:
        if self.pending is not None:
            self.pending.wait()
            self.pending = None


def main() -> None:
    job = Job()
    job.start()
    job.finish()
    print(job.out.to_numpy())
""",
        "the class's methods, through their summaries: `start` keeps a Pending on `self`, "
        "`finish` waits for it",
    ),
    valid(
        """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def main() -> None:
    hs = [tr.full((128,), float(k)) for k in range(4)]
    steps = [scale(h.partition((32,)), 4.0) for h in hs]
    running = [step.submit() for step in steps]
    for r in running:
        r.wait()
    print(sum(h.to_numpy()[0] for h in hs))
""",
        "ops kept in a list, every one submitted by a comprehension and every Pending waited",
    ),
    valid(
        """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


class Decoder:
    def __init__(self) -> None:
        self.acts = tr.ones((128,))
        with tr.graph() as captured:
            captured.record(scale(self.acts.partition((64,)), 1.5))
        self.replay = captured

    def step(self) -> None:
        self.replay.launch().wait()

    def release(self) -> None:
        self.replay.close()


def main() -> None:
    dec = Decoder()
    dec.step()
    dec.release()
    print(dec.acts.to_numpy()[0])
""",
        "a graph kept in an attribute and closed by a method: the tensors it held are free after",
    ),
    valid(
        """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def main() -> None:
    work = []
    for k in range(3):
        h = tr.full((128,), float(k))
        work.append((h, scale(h.partition((64,)), 2.0).submit()))
    for _, done in work:
        done.wait()  # a Pending, not the tensor beside it in the pair
    print([h.to_numpy()[0] for h, _ in work])
""",
        "(tensor, Pending) pairs unpacked in a loop: waiting on the Pending is no use of a tensor",
    ),
    *ROWS_VALID["TC102"],
    *WINDOWS_VALID["TC102"],
    *ROUND29G_VALID["TC102"],
    *ROUND30U2_VALID["TC102"],
    *ROUND30P_VALID["TC102"],
    *ROUND31K_VALID["TC102"],
    *ROUND31I_VALID["TC102"],
    *ROUND32F_VALID["TC102"],
    *ROUND32P_VALID["TC102"],
    *ROUND33A_VALID["TC102"],
    *ROUND33A2_VALID["TC102"],
    *ROUND33C_VALID["TC102"],
    *ROUND36A_VALID["TC102"],
    *ROUND34L_VALID["TC102"],
    *ROUND35O_VALID["TC102"],
    *ROUND36M_VALID["TC102"],
    *ROUND34B_VALID["TC102"],
    *ROUND35F_VALID["TC102"],
    *ROUND33D_VALID["TC102"],
    *ROUND33H_VALID["TC102"],
    *ROUND36D_VALID["TC102"],
    *ROUND33M_VALID["TC102"],
    *ROUND34E_VALID["TC102"],
    *ROUND34A_VALID["TC102"],
    *ROUND35K_VALID["TC102"],
)

INVALID: tuple[Case, ...] = (
    invalid(
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
    pend_a = copy(a.partition((64,)), x).submit()
    for _ in range(4):
        pend_b = copy(b.partition((64,)), x).submit()
        print(a.to_numpy()[0])  # TC102
        a, b = b, a
        pend_a = pend_b
    pend_a.wait()
""",
        "double buffering with its wait forgotten",
    ),
    invalid(
        """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def main() -> None:
    a, b, c = tr.ones((256,)), tr.ones((256,)), tr.ones((256,))
    prev = None
    for t in (a, b, c):
        pend = scale(t.partition((64,)), 2.0).submit()
        if prev is not None:
            prev.wait()
        prev = pend
    print(c.to_numpy())  # TC102
    if prev is not None:
        prev.wait()
""",
        "a pipeline's last op still in flight after the loop",
    ),
    invalid(
        """\
import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32


@tr.kernel
def copy(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z))


class Model:
    def __init__(self) -> None:
        self.x = tr.ones((256,))
        self.out = tr.zeros((256,))

    def forward(self) -> float:
        pending = copy(self.out.partition((64,)), self.x).submit()
        peek = float(self.out.to_numpy()[0])  # TC102
        pending.wait()
        return peek


def main() -> None:
    print(Model().forward())
""",
        "a method reads `self.out` while the op it submitted writes it",
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
    bufs = {"x": tr.ones((256,)), "y": tr.zeros((256,))}
    pending = copy(bufs["y"].partition((64,)), bufs["x"]).submit()
    print(bufs["y"].to_numpy())  # TC102
    pending.wait()
""",
        "a dict of buffers: `bufs['y']` is the tensor in flight",
    ),
    invalid(
        """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def main() -> None:
    ts = [tr.ones((256,)), tr.ones((256,))]
    ops = []
    for t in ts:
        ops.append(scale(t.partition((64,)), 2.0))
    print(ts[0].to_numpy())  # TC102
    for op in ops:
        op.sync()
""",
        "a list of ops read before the loop that syncs them",
    ),
    invalid(
        """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def main() -> None:
    x, y = tr.zeros((256,)), tr.zeros((256,))
    px = scale(x.partition((64,)), 2.0).submit()
    jobs = [(x, px), (y, scale(y.partition((64,)), 2.0).submit())]
    (first, first_p), (second, second_p) = jobs
    first_p.wait()
    print(first.to_numpy())
    print(second.to_numpy())  # TC102
    second_p.wait()
""",
        "nested unpacking of (buffer, pending) pairs",
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
    z = tr.zeros((256,))
    x = tr.ones((256,))

    def report() -> None:
        print(z.to_numpy())  # TC102

    pending = copy(z.partition((64,)), x).submit()
    report()
    pending.wait()
""",
        "a closure reads the captured tensor when it is called, while an op writes it: reported "
        "at the read, in its body",
    ),
    invalid(
        """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def main() -> None:
    z = tr.ones((256,))
    first = scale(z.partition((64,)), 2.0)
    op = first.then(lambda zp, *_: print(z.to_numpy()) or scale(zp, 3.0))  # TC102
    op.sync()
""",
        "a `.then` callback reads on the host the tensor its chain writes (it runs with the chain)",
    ),
    invalid(
        """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def launch_scale(t: Tensor[f32], a: float) -> tr.Pending:
    return scale(t.partition((64,)), a).submit()


def main() -> None:
    z = tr.ones((256,))
    pending = launch_scale(z, 2.0)
    print(z.to_numpy())  # TC102
    pending.wait()
""",
        "a helper of the module submits and returns the Pending: the borrow is taken inside it",
    ),
    invalid(
        """\
import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32


@tr.kernel
def copy(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z))


class Job:
    def __init__(self) -> None:
        self.x = tr.ones((256,))
        self.out = tr.zeros((256,))
        self.pending: tr.Pending | None = None

    def start(self) -> None:
        self.pending = copy(self.out.partition((64,)), self.x).submit()

    def finish(self) -> None:
        if self.pending is not None:
            self.pending.wait()
            self.pending = None


def main() -> None:
    job = Job()
    job.start()
    print(job.out.to_numpy())  # TC102
    job.finish()
""",
        "`job.start()` left a Pending that writes `job.out` in `job.pending`",
    ),
    *ROWS_INVALID["TC102"],
    *WINDOWS_INVALID["TC102"],
    *ROUND29G_INVALID["TC102"],
    *ROUND30U2_INVALID["TC102"],
    *ROUND30P_INVALID["TC102"],
    *ROUND31K_INVALID["TC102"],
    *ROUND31I_INVALID["TC102"],
    *ROUND32F_INVALID["TC102"],
    *ROUND32P_INVALID["TC102"],
    *ROUND33A_INVALID["TC102"],
    *ROUND33A2_INVALID["TC102"],
    *ROUND33C_INVALID["TC102"],
    *ROUND36A_INVALID["TC102"],
    *ROUND34L_INVALID["TC102"],
    *ROUND35O_INVALID["TC102"],
    *ROUND36M_INVALID["TC102"],
    *ROUND34B_INVALID["TC102"],
    *ROUND35F_INVALID["TC102"],
    *ROUND33D_INVALID["TC102"],
    *ROUND33H_INVALID["TC102"],
    *ROUND36D_INVALID["TC102"],
    *ROUND33M_INVALID["TC102"],
    *ROUND34E_INVALID["TC102"],
    *ROUND34A_INVALID["TC102"],
    *ROUND35K_INVALID["TC102"],
)
