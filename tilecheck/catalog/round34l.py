"""Examples of round 34L of issue 17 (a list of in-flight work followed item by item across a
loop's turns): a loop of known length that appends each turn's Pending to a list and trims it
(``del q[:-2]``, ``q = q[-2:]``, ``q.pop(0)``, ``q.popleft()``, under a test of ``len(q)``)
drops an earlier turn's Pending unwaited where nothing waited on it first (TC108 at its
submit); a trim after a wait of each item it drops (``q.pop(0).wait()``, a walk of
``q[:-2]`` waiting each) drops nothing in flight. A walk of a slice of a list of appended
tuples (``for b, p in q[:-1]``) pairs each Pending with the buffer of its own tuple, also after
``q = q[-1:]`` kept the rows. A method that appends to a list attribute and trims its front
under ``len(self.q) > 1`` (``self.q.pop(0).wait()``) leaves the Pending it appended in flight
for its caller (and another method's read of what it writes). The VALID ones run clean and must
stay silent; the INVALID ones are real errors (the interpreter raises, or tilert warns, at the
marked line)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

VALID: dict[str, tuple[Case, ...]] = {
    "TC108": (
        valid(
            """

def main() -> None:
    x = tr.ones((32,))
    window = []
    for step in range(5):
        out = tr.zeros((32,))
        window.append(copy(out.partition((32,)), x).submit())
        while len(window) > 2:
            window.pop(0).wait()
    for pending in window:
        pending.wait()
""",
            "a window trimmed by waiting the oldest Pending each time it grows past two",
        ),
        valid(
            """

def main() -> None:
    x = tr.ones((32,))
    jobs = []
    for step in range(4):
        out = tr.zeros((32,))
        jobs.append((out, copy(out.partition((32,)), x).submit()))
        if len(jobs) > 1:
            done, pending = jobs.pop(0)
            pending.wait()
            print(done.to_numpy())
    for done, pending in jobs:
        pending.wait()
""",
            "the oldest row popped, unpacked and its Pending waited before the next turn",
        ),
        valid(
            """

x = tr.ones((32,))
inflight = []
for step in range(5):
    out = tr.zeros((32,))
    pending = copy(out.partition((32,)), x).submit()
    inflight.append((step, out, pending))
    if len(inflight) > 2:
        for _, old, old_pending in inflight[:-2]:
            old_pending.wait()
        del inflight[:-2]
for _, old, old_pending in inflight:
    old_pending.wait()
""",
            "a module-level window whose dropped rows are each waited before the del",
        ),
    ),
    "TC102": (
        valid(
            """

x = tr.ones((32,))
inflight = []
for step in range(5):
    out = tr.zeros((32,))
    pending = copy(out.partition((32,)), x).submit()
    inflight.append((step, out, pending))
    if len(inflight) > 2:
        for _, old, old_pending in inflight[:-2]:
            old_pending.wait()
            print(old.to_numpy())
        del inflight[:-2]
for _, old, old_pending in inflight:
    old_pending.wait()
    print(old.to_numpy())
""",
            "a walk of the rows a del drops: each Pending waited, then its own buffer read",
        ),
        valid(
            """

def main() -> None:
    x = tr.ones((32,))
    window = []
    for step in range(6):
        out = tr.zeros((32,))
        window.append((out, copy(out.partition((32,)), x).submit()))
        for old, pending in window[:-1]:
            pending.wait()
            print(old.to_numpy())
        window = window[-1:]
    for old, pending in window:
        pending.wait()
        print(old.to_numpy())
""",
            "rows kept by `window = window[-1:]`, each Pending waited before its buffer is read",
        ),
        valid(
            """

class Prefetcher:
    def __init__(self) -> None:
        self.src = tr.ones((32,))

    def run(self, steps: int) -> None:
        window = []
        for step in range(steps):
            out = tr.zeros((32,))
            window.append((out, copy(out.partition((32,)), self.src).submit()))
            if len(window) > 3:
                for old, done in window[:-3]:
                    done.wait()
                    print(old.to_numpy())
                window = window[-3:]
        for old, done in window:
            done.wait()
            print(old.to_numpy())
""",
            "a method's window of rows: a slice walked, each row's buffer read after its wait",
        ),
        valid(
            """
from collections import deque


class Histogram:
    def __init__(self) -> None:
        self.bins = tr.zeros((32,))
        self.pending: deque[tr.Pending] = deque()

    def add(self, delta: tr.Tensor) -> None:
        self.pending.append(copy(self.bins.partition((32,)), delta).submit())
        while len(self.pending) >= 2:
            self.pending.popleft().wait()

    def close(self) -> None:
        while self.pending:
            self.pending.popleft().wait()

    def snapshot(self) -> None:
        self.close()
        print(self.bins.to_numpy())


def main() -> None:
    hist = Histogram()
    hist.add(tr.ones((32,)))
    hist.snapshot()
""",
            "a method trims a list attribute's front; the reader waits the rest before it reads",
        ),
        valid(
            """

class Staging:
    def __init__(self) -> None:
        self.src = tr.ones((32,))
        self.slots = [tr.zeros((32,)) for _ in range(2)]
        self.inflight: list[tr.Pending] = []

    def fill(self, i: int) -> None:
        self.inflight.append(copy(self.slots[i % 2].partition((32,)), self.src).submit())
        if len(self.inflight) > 1:
            self.inflight.pop(0).wait()

    def finish(self) -> None:
        for p in self.inflight:
            p.wait()
        self.inflight = []


def main() -> None:
    stage = Staging()
    for i in range(4):
        stage.fill(i)
    stage.finish()
    print([s.to_numpy() for s in stage.slots])
""",
            "two staging slots filled in turn, the older fill waited by the next call's trim",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC108": (
        invalid(
            """

x = tr.ones((32,))
inflight = []
for step in range(5):
    out = tr.zeros((32,))
    load = copy(out.partition((32,)), x).submit()  # TC108
    inflight.append((step, out, load))
    if len(inflight) > 2:
        del inflight[:-2]
for _, out, load in inflight:
    load.wait()
""",
            "`del inflight[:-2]` drops the third turn's oldest row with its Pending unwaited",
        ),
        invalid(
            """

def main() -> None:
    x = tr.ones((32,))
    queue = []
    for step in range(6):
        out = tr.zeros((32,))
        queue.append(copy(out.partition((32,)), x).submit())  # TC108
        queue = queue[-2:]
    for pending in queue:
        pending.wait()
""",
            "`queue = queue[-2:]` keeps the last two Pendings and drops the oldest unwaited",
        ),
        invalid(
            """

class Loader:
    def __init__(self) -> None:
        self.src = tr.ones((32,))

    def run(self) -> None:
        pending = []
        for k in [1.0, 2.0, 3.0]:
            out = tr.zeros((32,))
            job = copy(out.partition((32,)), self.src).submit()  # TC108
            pending.append(job)
            while len(pending) > 1:
                pending.pop(0)
        for job in pending:
            job.wait()
""",
            "`pending.pop(0)` as a statement: the popped Pending is dropped, never waited",
        ),
        invalid(
            """
from collections import deque


def main() -> None:
    x = tr.ones((32,))
    ring = deque()
    for step in range(4):
        out = tr.zeros((32,))
        fut = copy(out.partition((32,)), x).submit()  # TC108
        ring.append(fut)
        if len(ring) == 3:
            ring.popleft()
            ring.popleft().wait()
    while ring:
        ring.popleft().wait()
""",
            "a deque trimmed by one `popleft()` unwaited and one waited: the first is dropped",
        ),
        invalid(
            """

def main() -> None:
    x = tr.ones((32,))
    staged = []
    for i, factor in enumerate([0.5, 1.0, 1.5, 2.0]):
        out = tr.zeros((32,))
        staged.append((out, copy(out.partition((32,)), x).submit()))  # TC108
        if i % 3 == 2:
            staged.clear()
    for out, pending in staged:
        pending.wait()
""",
            "a list cleared every third turn (the loop's counter decides it) with rows in flight",
        ),
    ),
    "TC102": (
        invalid(
            """

x = tr.ones((32,))
inflight = []
for step in range(5):
    out = tr.zeros((32,))
    load = copy(out.partition((32,)), x).submit()
    inflight.append((out, load))
    for old, old_load in inflight[:-1]:
        print(old.to_numpy())  # TC102
        old_load.wait()
    del inflight[:-1]
inflight[0][1].wait()
""",
            "a walk of a slice of rows reads each row's buffer before waiting its Pending",
        ),
        invalid(
            """

def main() -> None:
    x = tr.ones((32,))
    jobs = []
    for step in range(4):
        out = tr.zeros((32,))
        jobs.append((out, copy(out.partition((32,)), x).submit()))
        for old, pending in jobs[:-1]:
            pending.wait()
            print(old.to_numpy())
        jobs = jobs[-1:]
        print(out.to_numpy())  # TC102
    jobs[0][1].wait()
""",
            "the rows a slice leaves out keep this turn's Pending: its buffer read in flight",
        ),
        invalid(
            """

class Server:
    def __init__(self) -> None:
        self.tokens = tr.zeros((32,))
        self.inflight: list[tr.Pending] = []

    def handle(self, inc: tr.Tensor) -> None:
        self.inflight.append(copy(self.tokens.partition((32,)), inc).submit())
        if len(self.inflight) > 1:
            self.inflight.pop(0).wait()

    def metrics(self) -> None:
        print(self.tokens.to_numpy())  # TC102


def main() -> None:
    server = Server()
    server.handle(tr.ones((32,)))
    server.metrics()
    for p in server.inflight:
        p.wait()
""",
            "a method's `pop(0).wait()` under `len(...) > 1` leaves its own Pending in flight",
        ),
    ),
}
