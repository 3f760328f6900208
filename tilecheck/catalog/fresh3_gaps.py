"""Examples of misses of the third held-out evaluation (benchmarks/checker_eval_fresh3), each
written anew: ``x.astype()`` allocates inside a capture; a graph launch's Pending dropped; a
numpy array bound to a name given for a Mutable parameter; two overlapping slices in one
launch; a helper's unannotated parameter passed to a Mutable one is a partition it consumes;
a method's view indexed by an attribute; a comprehension's Pendings over the rows ``kv[i]`` of
one tensor. The VALID ones run clean and must stay silent; the INVALID ones are real errors."""

from __future__ import annotations

from tilecheck.catalog.base import Case, invalid, valid
from tilecheck.catalog.fresh_silences import _KERNELS

_NUMPY = "import numpy as np\n"


def _valid(body: str, note: str, *, head: str = "") -> Case:
    return valid(head + _KERNELS + body, note)


def _invalid(body: str, note: str, *, head: str = "") -> Case:
    return invalid(head + _KERNELS + body, note, typed=False)


VALID: dict[str, tuple[Case, ...]] = {
    "TC101": (
        _valid(
            """

def main() -> None:
    buf = tr.ones((256,))
    copy(buf[:128].partition((64,)), buf[128:]).sync()
    print(buf.to_numpy())
""",
            "two slices of one tensor that do not overlap",
        ),
    ),
    "TC102": (
        _valid(
            """

class Store:
    def __init__(self) -> None:
        self.rows = tr.zeros((4, 256))
        self.at = 1

    def put(self, v: tr.Tensor) -> tr.Pending:
        return copy(self.rows[self.at].partition((64,)), v).submit()


def main() -> None:
    store = Store()
    p = store.put(tr.ones((256,)))
    p.wait()
    print(store.rows.to_numpy())
""",
            "a method's Pending writes a row picked by an attribute: read once it is waited",
        ),
        _valid(
            """

def main() -> None:
    kv = tr.zeros((3, 256))
    ps = [scale(kv[i].partition((64,)), 2.0).submit() for i in range(3)]
    ps[0].wait()
    print(kv[0].to_numpy())
    ps[1].wait()
    ps[2].wait()
    print(kv.to_numpy())
""",
            "Pendings over the rows `kv[i]`: `ps[0]` writes `kv[0]`, and all three waited "
            "free `kv`",
        ),
    ),
    "TC106": (
        _valid(
            """

def main() -> None:
    host = np.ones(256, dtype=np.float32)
    out = tr.zeros((256,))
    copy(out.partition((64,)), host).sync()
    print(out.to_numpy())
""",
            "a numpy array bound to a name, given for a Shared parameter",
            head=_NUMPY,
        ),
    ),
    "TC108": (
        _valid(
            """

def main() -> None:
    buf = tr.zeros((256,))
    with tr.graph() as g:
        g.record(scale(buf.partition((64,)), 2.0))
    for _ in range(2):
        g.launch().wait()
    p = g.launch()
    g.close()  # waits for its outstanding launches
    print(buf.to_numpy(), p.done())
""",
            "each graph launch waited on, or waited by `g.close()`",
        ),
    ),
    "TC109": (
        _valid(
            """

def bump(tiles, a):
    scale(tiles, a).sync()


def main() -> None:
    acc = tr.ones((256,))
    bump(acc.partition((64,)), 2.0)
    bump(acc.partition((64,)), 3.0)
    print(acc.to_numpy())
""",
            "a helper with unannotated parameters given a new partition each call",
        ),
    ),
    "TC111": (
        _valid(
            """

def main() -> None:
    x = tr.ones((256,))
    half = x.astype(tr.f16)
    y = tr.zeros((256,))
    with tr.graph() as g:
        g.record(copy(y.partition((64,)), x))
    g.launch().wait()
    g.close()
    print(half.to_numpy(), y.astype(tr.f16).to_numpy())
""",
            "`astype` before the capture and after it",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC101": (
        _invalid(
            """

def main() -> None:
    buf = tr.ones((256,))
    copy(buf[:192].partition((64,)), buf[64:]).sync()  # TC101
""",
            "one launch writes `buf[:192]` and reads `buf[64:]`: they overlap",
        ),
    ),
    "TC102": (
        _invalid(
            """

class Store:
    def __init__(self) -> None:
        self.rows = tr.zeros((4, 256))
        self.at = 1

    def put(self, v: tr.Tensor) -> tr.Pending:
        return copy(self.rows[self.at].partition((64,)), v).submit()


def main() -> None:
    store = Store()
    p = store.put(tr.ones((256,)))
    print(store.rows.to_numpy())  # TC102
    p.wait()
""",
            "a method's Pending writes a row picked by an attribute: the caller reads the rows",
        ),
        _invalid(
            """

def main() -> None:
    kv = tr.zeros((3, 256))
    ps = [scale(kv[i].partition((64,)), 2.0).submit() for i in range(3)]
    ps[0].wait()
    print(kv[2].to_numpy())  # TC102
    ps[1].wait()
    ps[2].wait()
""",
            "waiting for `ps[0]` frees `kv[0]` only: `ps[2]` still writes `kv[2]`",
        ),
    ),
    "TC106": (
        _invalid(
            """

def main() -> None:
    host = np.zeros(256, dtype=np.float32)
    scale(host, 2.0).sync()  # TC106
""",
            "a numpy array bound to a name, given for a Mutable parameter",
            head=_NUMPY,
        ),
    ),
    "TC108": (
        _invalid(
            """

def main() -> None:
    buf = tr.zeros((256,))
    with tr.graph() as g:
        g.record(scale(buf.partition((64,)), 2.0))
    g.launch().wait()
    g.launch()  # TC108
    g.close()
""",
            "the Pending of a graph launch dropped unwaited (tilert warns when it is collected)",
        ),
    ),
    "TC109": (
        _invalid(
            """

def bump(tiles, a):
    scale(tiles, a).sync()  # TC109


def main() -> None:
    acc = tr.ones((256,))
    tiles = acc.partition((64,))
    bump(tiles, 2.0)
    bump(tiles, 3.0)
""",
            "a helper's unannotated parameter launched as Mutable: a partition it consumes",
        ),
    ),
    "TC111": (
        _invalid(
            """

def main() -> None:
    x = tr.ones((256,))
    y = tr.zeros((256,))
    with tr.graph() as g:
        g.record(copy(y.partition((64,)), x))
        half = x.astype(tr.f16)  # TC111
    g.launch().wait()
    g.close()
    print(half.to_numpy())
""",
            "`astype` makes a new tensor: an allocation, refused while a graph is captured",
        ),
    ),
}
