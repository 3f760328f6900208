"""Examples of round 11 of issue 17 (containers of Pendings, the held-out sets' 11A items): a
list of Pendings a method appends to an attribute (``self.inflight.append(...)``) that another
method drains, with the rows they write read in between by the caller or by a third method;
and a comprehension of Pendings waited all but the last (``for i in range(len(pend) - 1)`` or
``pend[:-1]``) and nothing else reaching the list, whose last tensor is then read (the runtime
refuses the read, so that is the finding, not the unwaited Pending); a dict of Pendings stored
by another dict's keys and waited over a literal subset of them (``for k in ("a", "b")``).
The VALID ones run clean and must stay silent; the INVALID ones are real errors."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_STORE = """

class Store:
    def __init__(self, rows: int, n: int) -> None:
        self.rows = tr.zeros((rows, n))
        self.inflight: list[tr.Pending] = []

    def put(self, r: int) -> None:
        self.inflight.append(scale(self.rows[r].partition((64,)), 2.0).submit())

    def peek(self, r: int) -> float:
        return float(self.rows[r].to_numpy()[0])

    def drain(self) -> None:
        while self.inflight:
            self.inflight.pop().wait()
"""

_QUEUE = """

class Queue:
    def __init__(self) -> None:
        self.jobs: list[tuple[tr.Tensor, tr.Pending]] = []

    def add(self, src: tr.Tensor) -> tr.Tensor:
        out = tr.zeros((256,))
        self.jobs.append((out, copy(out.partition((64,)), src).submit()))
        return out

    def flush(self) -> None:
        for _, p in self.jobs:
            p.wait()
        self.jobs.clear()
"""

VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            _STORE
            + """

def main() -> None:
    store = Store(2, 256)
    for r in range(2):
        store.put(r)
    store.drain()
    print(store.rows.to_numpy(), store.peek(1))
""",
            "a method appends each row's Pending to an attribute's list, another drains it "
            "before the rows are read",
        ),
        valid(
            _STORE
            + """

def main() -> None:
    store = Store(2, 256)
    seen = []
    for r in range(2):
        store.put(r)
        store.drain()
        seen.append(store.peek(r))
    print(seen)
""",
            "each row's Pending drained before the method reads the row",
        ),
        valid(
            _QUEUE
            + """

def main() -> None:
    q = Queue()
    res = q.add(tr.ones((256,)))
    q.flush()
    print(res.to_numpy())
    again = q.add(res)
    q.flush()
    print(again.to_numpy(), res.to_numpy())
""",
            "a queue flushed (waited and cleared) before what it made is read, then refilled and "
            "flushed again",
        ),
        valid(
            """

def main() -> None:
    bufs = [tr.zeros((256,)) for _ in range(3)]
    pend = [scale(t.partition((64,)), 2.0).submit() for t in bufs]
    for i in range(len(pend) - 1):
        pend[i].wait()
    pend[-1].wait()
    print(bufs[-1].to_numpy())
""",
            "every Pending but the last waited in a loop, the last one before its tensor is read",
        ),
        valid(
            """

def main() -> None:
    bufs = [tr.zeros((256,)) for _ in range(3)]
    pend = [scale(t.partition((64,)), 2.0).submit() for t in bufs]
    for p in pend:
        p.wait()
    print(bufs[-1].to_numpy())
""",
            "the whole list waited before the last tensor is read",
        ),
        valid(
            """

def main() -> None:
    bufs = [tr.zeros((256,)) for _ in range(3)]
    pend = [scale(t.partition((64,)), 2.0).submit() for t in bufs]
    for p in pend[1:]:
        p.wait()
    print(bufs[2].to_numpy())
    pend[0].wait()
""",
            "`pend[1:]` waited: the tensors it reaches are free, the first one waited later",
        ),
        valid(
            """

def main() -> None:
    bufs = [tr.zeros((256,)) for _ in range(3)]
    pend = [scale(t.partition((64,)), 2.0).submit() for t in bufs]
    for i in range(len(pend) - 1):
        pend[i].wait()
    print(bufs[0].to_numpy())
    pend[-1].wait()
""",
            "all but the last waited, a tensor they wrote read, the last waited after: the list "
            "of three keeps `bufs[2]` apart from `bufs[0]`",
        ),
        valid(
            """

def main() -> None:
    bufs = {k: tr.zeros((256,)) for k in ("a", "b", "c")}
    pend = {}
    for k, t in bufs.items():
        pend[k] = scale(t.partition((64,)), 2.0).submit()
    for k in ("a", "b"):
        pend[k].wait()
        print(bufs[k].to_numpy())
    print(bufs["a"].to_numpy())
    pend["c"].wait()
    print(bufs["c"].to_numpy())
""",
            "a dict of Pendings stored by another's keys, two keys waited by a literal loop "
            "(each read after its own wait), the third waited before its read",
        ),
        valid(
            """

def main() -> None:
    bufs = {k: tr.zeros((256,)) for k in ("a", "b", "c")}
    pend = {k: scale(t.partition((64,)), 2.0).submit() for k, t in bufs.items()}
    for k in ("a", "b", "c"):
        pend[k].wait()
    print(bufs["c"].to_numpy())
""",
            "every key waited by a literal loop before a read",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            """

class Store:
    def __init__(self, rows: int, n: int) -> None:
        self.rows = tr.zeros((rows, n))
        self.inflight: list[tr.Pending] = []

    def put(self, r: int) -> None:
        self.inflight.append(scale(self.rows[r].partition((64,)), 2.0).submit())

    def peek(self, r: int) -> float:
        return float(self.rows[r].to_numpy()[0])  # TC102

    def drain(self) -> None:
        while self.inflight:
            self.inflight.pop().wait()


def main() -> None:
    store = Store(2, 256)
    seen = []
    for r in range(2):
        store.put(r)
        seen.append(store.peek(r))
    store.drain()
    print(seen)
""",
            "a method reads the row another method's Pending, kept in an attribute's list, "
            "still writes",
        ),
        invalid(
            _STORE
            + """

def main() -> None:
    store = Store(3, 256)
    for r in range(3):
        store.put(r)
    head = store.rows[0].to_numpy()  # TC102
    store.drain()
    print(head)
""",
            "the caller reads a row before the method that drains the attribute's list runs",
        ),
        invalid(
            _QUEUE
            + """

def main() -> None:
    q = Queue()
    res = q.add(tr.ones((256,)))
    print(res.to_numpy())  # TC102
    q.flush()
""",
            "a method returns the tensor whose Pending it appended to an attribute's list; the "
            "caller reads it before the flush",
        ),
        invalid(
            """

def main() -> None:
    bufs = [tr.zeros((256,)) for _ in range(3)]
    pend = [scale(t.partition((64,)), 2.0).submit() for t in bufs]
    for i in range(len(pend) - 1):
        pend[i].wait()
    print(bufs[-1].to_numpy())  # TC102
""",
            "`range(len(pend) - 1)` waits all but the last Pending; the last tensor is read",
        ),
        invalid(
            """

def main() -> None:
    bufs = [tr.zeros((256,)) for _ in range(3)]
    pend = [scale(t.partition((64,)), 2.0).submit() for t in bufs]  # TC108
    for p in pend[:-1]:
        p.wait()
    print(bufs[-1].to_numpy())  # TC102
""",
            "`pend[:-1]` waited; the last tensor is read while its Pending is in flight (and that"
            " Pending, left out of the slice, is never waited: TC108 where it is made)",
        ),
        invalid(
            """

bufs = [tr.zeros((256,)) for _ in range(3)]
pend = [scale(t.partition((64,)), 2.0).submit() for t in bufs]
for i in range(len(pend) - 1):
    pend[i].wait()
print(bufs[-1].to_numpy())  # TC102
pend[-1].wait()
""",
            "at module level, the last Pending waited only after its tensor is read",
        ),
        invalid(
            """

names = ("a", "b", "c")
bufs = {k: tr.zeros((256,)) for k in names}
pend = {}
for k, t in bufs.items():
    pend[k] = scale(t.partition((64,)), 2.0).submit()
for k in ("a", "b"):
    pend[k].wait()
print(bufs["c"].to_numpy())  # TC102
pend["c"].wait()
""",
            "a dict of Pendings stored by another's keys, a literal loop waits two of the three; "
            "the third's tensor is read",
        ),
        invalid(
            """

def main() -> None:
    bufs = {k: tr.zeros((256,)) for k in ("a", "b", "c")}
    pend = {k: scale(t.partition((64,)), 2.0).submit() for k, t in bufs.items()}
    for k in ("c", "a"):
        pend[k].wait()
    print(bufs["a"].to_numpy())
    print(bufs["b"].to_numpy())  # TC102
    pend["b"].wait()
""",
            "a dict comprehension of Pendings, two keys waited by a literal loop; the other read",
        ),
    ),
    "TC108": (
        invalid(
            """

def main() -> None:
    bufs = [tr.zeros((256,)) for _ in range(3)]
    pend = [scale(t.partition((64,)), 2.0).submit() for t in bufs]  # TC108
    for i in range(len(pend) - 1):
        pend[i].wait()
    print(bufs[0].to_numpy())
""",
            "all but the last waited and a waited tensor read: the last Pending is never waited",
        ),
    ),
    "TC103": (
        invalid(
            """
import numpy as np


class Queue:
    def __init__(self) -> None:
        self.jobs: list[tr.Pending] = []

    def add(self, src: tr.Tensor) -> tr.Tensor:
        out = tr.zeros((256,))
        self.jobs.append(copy(out.partition((64,)), src).submit())
        return out

    def flush(self) -> None:
        for p in self.jobs:
            p.wait()
        self.jobs.clear()


def main() -> None:
    q = Queue()
    src = tr.ones((256,))
    q.add(src)
    src.copy_from(np.zeros(256, dtype=np.float32))  # TC103
    q.flush()
""",
            "a tensor a Pending in an attribute's list still reads is written before the flush",
        ),
    ),
}
