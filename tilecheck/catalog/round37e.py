"""Examples of round 37E of issue 17 (state stored into module containers and walked again):
a function's ``pendings.append(k(...).submit())`` on a list the module binds once
(``pendings = []``, ``deque()``) and the function names only to append to is that list's item,
in flight, not a call of unknown code (``tilecheck.host.module_lists``): a read of what it
writes, in the function or (after a call by name) in the caller, before a walk waits it, is
TC102; a list walked by ``for op in ops: op.sync()`` that ran every item holds ops already run,
so a second walk's run is TC110 at its first step (``tilecheck.host.rewalked_items``). A row
taken out of a container of tuples (``slot, p = q.popleft()``, ``q.pop(rid)``) gives each name
its column (``tilecheck.host.popped_rows``), and ``while q:`` that takes one item a turn and
waits it leaves every holder the container held waited (``tilecheck.host.queue_drains``). The
VALID ones run clean and must stay silent; the INVALID ones are real errors (the interpreter
raises at the marked line)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_OUT = """
from collections import deque

OUT = tr.ones((32,))
pendings: list[tr.Pending] = []

"""

VALID: dict[str, tuple[Case, ...]] = {
    "TC110": (
        valid(
            """

def main() -> None:
    a, b = tr.ones((32,)), tr.ones((32,))
    ops = [scale(a.partition((32,)), 2.0)]
    for op in ops:
        op.sync()
    ops.clear()
    ops.append(scale(b.partition((32,)), 3.0))
    for op in ops:
        op.sync()
    print(a.to_numpy(), b.to_numpy())
""",
            "a list walked, cleared, given a new op and walked again",
        ),
        valid(
            """

def main() -> None:
    bufs = [tr.ones((32,)) for _ in range(2)]
    ops = [scale(b.partition((32,)), 2.0) for b in bufs]
    for op in ops:
        op.sync()
    ops = [scale(b.partition((32,)), 0.5) for b in bufs]
    for op in ops:
        op.sync()
    print(bufs[0].to_numpy())
""",
            "a list walked, bound to new ops and walked again",
        ),
        valid(
            """
from collections import deque


def main() -> None:
    a = tr.ones((32,))
    queue: deque[tr.Op] = deque()
    queue.append(scale(a.partition((32,)), 2.0))
    for op in queue:
        op.sync()
    while queue:
        queue.popleft()
    queue.append(scale(a.partition((32,)), 2.0))
    for op in queue:
        op.submit().wait()
    print(a.to_numpy())
""",
            "a deque walked, emptied by popleft, given a new op and walked again",
        ),
    ),
    "TC102": (
        valid(
            _OUT
            + """

def launch(value: float) -> None:
    pendings.append(scale(OUT.partition((32,)), value).submit())


def main() -> None:
    launch(2.0)
    for p in pendings:
        p.wait()
    print(OUT.to_numpy())
""",
            "a function appends a Pending to the module's list; the caller waits it, then reads",
        ),
        valid(
            _OUT
            + """

def launch(value: float) -> None:
    pendings.append(scale(OUT.partition((32,)), value).submit())


def drain() -> None:
    for p in pendings:
        p.wait()
    pendings.clear()


def main() -> None:
    launch(2.0)
    drain()
    print(OUT.to_numpy())
""",
            "a function appends to the module's list, another waits its items",
        ),
        valid(
            _OUT
            + """

def launch(value: float) -> None:
    p = scale(OUT.partition((32,)), value).submit()
    pendings.append(p)
    p.wait()
    print(OUT.to_numpy())


def main() -> None:
    launch(2.0)
    print(OUT.to_numpy())
""",
            "a function appends a Pending to the module's list and waits it itself",
        ),
        valid(
            _OUT
            + """

def drain() -> None:
    while pendings:
        pendings.pop().wait()


def main() -> None:
    pendings.append(scale(OUT.partition((32,)), 2.0).submit())
    drain()
    print(OUT.to_numpy())
""",
            "a function appends to the module's list, then calls the function that waits it",
        ),
        valid(
            """
from collections import deque


def main() -> None:
    bufs = [tr.ones((32,)) for _ in range(3)]
    queue: deque[tuple[int, tr.Pending]] = deque()
    for i, b in enumerate(bufs):
        queue.append((i, scale(b.partition((32,)), 2.0).submit()))
    while queue:
        slot, pending = queue.popleft()
        pending.wait()
        print(bufs[slot].to_numpy())
    print(bufs[0].to_numpy())
""",
            "a deque of (slot, Pending) rows drained by popleft, each waited before its read",
        ),
        valid(
            """

def main() -> None:
    bufs = [tr.ones((32,)) for _ in range(3)]
    todo: list[tr.Pending] = []
    for b in bufs:
        todo.append(scale(b.partition((32,)), 2.0).submit())
    while todo:
        todo.pop().wait()
    print([b.to_numpy() for b in bufs])
""",
            "a list of Pendings drained by a while loop waiting each one it pops",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC110": (
        invalid(
            """

def main() -> None:
    a = tr.ones((32,))
    ops = [scale(a.partition((32,)), 2.0)]
    for op in ops:
        op.sync()
    for op in ops:
        op.sync()  # TC110
""",
            "a list of one op walked twice",
        ),
        invalid(
            """
from collections import deque


def main() -> None:
    a, b = tr.ones((32,)), tr.ones((32,))
    queue: deque[tr.Op] = deque()
    queue.append(scale(a.partition((32,)), 2.0))
    queue.append(scale(b.partition((32,)), 2.0))
    for op in queue:
        op.sync()
    print(a.to_numpy())
    for again in queue:
        again.submit().wait()  # TC110
""",
            "a deque of ops walked twice, the second walk submitting",
        ),
        invalid(
            """

def main() -> None:
    a, b = tr.ones((32,)), tr.ones((32,))
    todo: list[tr.Op] = []
    todo.append(scale(a.partition((32,)), 2.0))
    todo.append(scale(b.partition((32,)), 2.0))
    for op in todo:
        op.sync()
    for op in todo:
        print("again")
        op.sync()  # TC110
""",
            "a list filled by appends walked twice",
        ),
    ),
    "TC102": (
        invalid(
            _OUT
            + """

def launch(value: float) -> None:
    out = tr.ones((32,))
    pendings.append(scale(out.partition((32,)), value).submit())
    print(out.to_numpy())  # TC102


def main() -> None:
    launch(2.0)
    for p in pendings:
        p.wait()
""",
            "a function appends a Pending to the module's list, then reads what it writes",
        ),
        invalid(
            _OUT
            + """

def launch(value: float) -> None:
    pendings.append(scale(OUT.partition((32,)), value).submit())


def main() -> None:
    launch(2.0)
    print(OUT.to_numpy())  # TC102
    for p in pendings:
        p.wait()
""",
            "a function appends to the module's list; the caller reads before waiting",
        ),
        invalid(
            _OUT
            + """
inflight: deque[tr.Pending] = deque()


def start() -> None:
    inflight.appendleft(scale(OUT.partition((32,)), 0.5).submit())


def main() -> None:
    start()
    total = OUT.to_numpy().sum()  # TC102
    while inflight:
        inflight.pop().wait()
    print(total)
""",
            "a function appends to the module's deque; the caller reads before popping",
        ),
        invalid(
            """
from collections import deque


def main() -> None:
    bufs = [tr.ones((32,)) for _ in range(3)]
    queue: deque[tuple[int, tr.Pending]] = deque()
    for i, b in enumerate(bufs):
        queue.append((i, scale(b.partition((32,)), 2.0).submit()))
    while queue:
        slot, pending = queue.popleft()
        print(bufs[slot].to_numpy())  # TC102
        pending.wait()
""",
            "a deque of (slot, Pending) rows: the popped row's buffer read before its wait",
        ),
        invalid(
            """

def main() -> None:
    inflight = {}
    for rid in range(3):
        buf = tr.ones((32,))
        inflight[rid] = (buf, scale(buf.partition((32,)), 2.0).submit())
    buf, pending = inflight.pop(1)
    print(buf.to_numpy())  # TC102
    pending.wait()
    for _, other in inflight.values():
        other.wait()
""",
            "a dict of (buffer, Pending) rows by request: a popped row's buffer read early",
        ),
    ),
}
