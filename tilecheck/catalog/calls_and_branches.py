"""Examples of issue 17's fifth round, by the rule they belong to: what a call does where the
caller cannot see it (a helper that allocates, a `tilert.kernels` function that allocates its
scratch or is given a partition, a `.then` callback given the op's partitions, a helper that
launches with one tensor twice), a module's `DEBUG = False` flag, and a `return` before a wait.
The VALID ones are the correct forms of the same code (no false alarm)."""

from __future__ import annotations

from tilecheck.catalog.base import Case, invalid, valid

_PRELUDE = """\
import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


@tr.kernel
def copy(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z))

"""
_LIBRARY = _PRELUDE.replace(
    "import tilert as tr\n", "import tilert as tr\nimport tilert.kernels as tk\n"
)

VALID: dict[str, tuple[Case, ...]] = {
    "TC105": (
        valid(
            _PRELUDE
            + """
DEBUG = False


def enable_debug() -> None:
    global DEBUG
    DEBUG = True


def main() -> None:
    enable_debug()
    y = tr.ones((256,))
    check = scale(y.partition((64,)), 2.0)
    if DEBUG:
        check.sync()
""",
            "a flag some function sets (`global`): `if DEBUG:` may run",
        ),
        valid(
            _PRELUDE
            + """
VERBOSE = False


def main() -> None:
    y = tr.ones((256,))
    op = scale(y.partition((64,)), 2.0)
    if VERBOSE:
        print("running")
    op.sync()
""",
            "a False flag guards only a print: the op runs on every path",
        ),
        valid(
            _PRELUDE
            + """
def main() -> None:
    h, src = tr.zeros((256,)), tr.ones((256,))
    copy(h.partition((64,)), src).then(lambda hp, s: scale(hp, 2.0)).sync()
    print(h.to_numpy()[0])
""",
            "a `.then` callback writes the partition the chained op wrote, through a Mutable "
            "parameter",
        ),
    ),
    "TC108": (
        valid(
            _PRELUDE
            + """
def handle(hit: bool) -> float:
    out, src = tr.zeros((256,)), tr.ones((256,))
    pending = copy(out.partition((64,)), src).submit()
    try:
        if hit:
            return 0.0
    finally:
        pending.wait()
    return float(out.to_numpy()[0])


def main(hit: bool) -> None:
    print(handle(hit))
""",
            "an early return inside `try`, whose `finally` waits",
        ),
        valid(
            _PRELUDE
            + """
def handle(hit: bool) -> float:
    out, src = tr.zeros((256,)), tr.ones((256,))
    pending = copy(out.partition((64,)), src).submit()
    if hit:
        pending.wait()
        return 0.0
    pending.wait()
    return float(out.to_numpy()[0])


def main(hit: bool) -> None:
    print(handle(hit))
""",
            "each return waits first",
        ),
    ),
    "TC111": (
        valid(
            _LIBRARY
            + """
def main() -> None:
    q, out = tr.ones((4, 16)), tr.zeros((4, 16))
    k, v = tr.ones((2, 32, 16)), tr.ones((2, 32, 16))
    workspace = tk.decode_workspace(q, k)
    with tr.graph() as g:
        g.record(tk.decode_attention(out, q, k, v, 8, workspace=workspace))
    g.launch().wait()
    g.close()
""",
            "`tk.decode_attention` given its workspace, made before the capture",
        ),
        valid(
            _PRELUDE
            + """
def scratch(buf: tr.Tensor | None = None) -> tr.Tensor:
    if buf is None:
        buf = tr.zeros((256,))
    return buf


def main() -> None:
    y, kept = tr.zeros((256,)), tr.ones((256,))
    stream = tr.Stream()
    start = stream.record()
    with tr.graph() as g:
        s = scratch(kept)
        g.record(copy(y.partition((64,)), s))
    g.launch().wait()
    g.close()
    print(start)
""",
            "a helper that allocates only when not given a buffer, given one; an event recorded "
            "before the capture",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC101": (
        invalid(
            _PRELUDE
            + """
def residual(h: tr.Tensor, d: tr.Tensor) -> tr.Op:
    return copy(h.partition((64,)), d)  # TC101


def main() -> None:
    h = tr.ones((256,))
    residual(h, h).sync()
""",
            "a helper's launch given one tensor twice by its caller: reported at the launch, "
            "where the runtime raises",
            typed=False,
        ),
    ),
    "TC105": (
        invalid(
            _PRELUDE
            + """
DEBUG = False


def main() -> None:
    y = tr.ones((256,))
    check = scale(y.partition((64,)), 2.0)  # TC105
    if DEBUG:
        check.sync()
""",
            "an op run only under a module flag that is False wherever it is read",
        ),
    ),
    "TC106": (
        invalid(
            _LIBRARY
            + """
def main() -> None:
    x, out = tr.ones((4, 64)), tr.zeros((4, 64))
    tk.softmax(out.partition((1, 64)), x).sync()  # TC106
""",
            "a library function partitions its outputs itself: it takes the tensor",
            typed=False,
        ),
        invalid(
            _PRELUDE
            + """
def main() -> None:
    out, h, src = tr.zeros((256,)), tr.zeros((256,)), tr.ones((256,))
    chain = copy(h.partition((64,)), src).then(
        lambda hp, s: copy(out.partition((64,)), hp)  # TC106
    )
    chain.sync()
""",
            "a `.then` callback is given the chained op's partition and passes it to a Shared "
            "parameter",
            typed=False,
        ),
    ),
    "TC108": (
        invalid(
            _PRELUDE
            + """
def handle(hit: bool) -> float:
    out, src = tr.zeros((256,)), tr.ones((256,))
    pending = copy(out.partition((64,)), src).submit()  # TC108
    if hit:
        return 0.0
    pending.wait()
    return float(out.to_numpy()[0])


def main(hit: bool) -> None:
    print(handle(hit))
""",
            "an early return before the wait drops the Pending unwaited",
        ),
    ),
    "TC111": (
        invalid(
            _LIBRARY
            + """
def main() -> None:
    q, out = tr.ones((4, 16)), tr.zeros((4, 16))
    k, v = tr.ones((2, 32, 16)), tr.ones((2, 32, 16))
    with tr.graph() as g:
        g.record(tk.decode_attention(out, q, k, v, 8))  # TC111
    g.close()
""",
            "`tk.decode_attention` without a workspace allocates one",
        ),
        invalid(
            _PRELUDE
            + """
def main() -> None:
    y = tr.zeros((256,))
    stream = tr.Stream()
    with tr.graph() as g:
        start = stream.record()  # TC111
        g.record(scale(y.partition((64,)), 2.0))
    g.close()
    print(start)
""",
            "recording an event on a stream a name holds",
        ),
        invalid(
            _PRELUDE
            + """
def make_scratch() -> tr.Tensor:
    return tr.zeros((256,))  # TC111


def main() -> None:
    y = tr.zeros((256,))
    with tr.graph() as g:
        s = make_scratch()
        g.record(copy(y.partition((64,)), s))
    g.close()
""",
            "a helper that allocates on every call, called inside the capture: reported where "
            "it allocates, as the runtime refuses there",
        ),
    ),
}
