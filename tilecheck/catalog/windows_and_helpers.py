"""Examples of issue 17's second round, by the rule they belong to: windows of Pendings (a queue
waited for once it holds a few, a loop that waits every item but the last), a Pending
overwritten in a loop, an op recorded through ``op = g.record(...)``, and findings inside the
function a call runs (an op it returns and the caller drops, an op it runs twice). The VALID
ones are the correct forms of the same code (no false alarm)."""

from __future__ import annotations

from tilecheck.catalog.base import Case, invalid, valid

_SCALE = """\
from collections import deque

import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)

"""

VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            _SCALE
            + """
def main() -> None:
    bufs = [tr.full((256,), float(i)) for i in range(6)]
    window: deque[tuple[tr.Tensor, tr.Pending]] = deque()
    for t in bufs:
        window.append((t, scale(t.partition((64,)), 2.0).submit()))
        if len(window) > 2:
            done, pending = window.popleft()
            pending.wait()
            print(done.to_numpy()[0])
    while window:
        done, pending = window.popleft()
        pending.wait()
        print(done.to_numpy()[0])
    print(bufs[-1].to_numpy()[0])
""",
            "a window of three Pendings, drained after the loop: every tensor is read after "
            "its wait",
        ),
    ),
    "TC108": (
        valid(
            _SCALE
            + """
def main() -> None:
    bufs = [tr.zeros((256,)) for _ in range(6)]
    queue: deque[tr.Pending] = deque()
    for t in bufs:
        queue.append(scale(t.partition((64,)), 2.0).submit())
        if len(queue) > 2:
            queue.popleft().wait()
    while queue:
        queue.popleft().wait()
""",
            "a window of Pendings waited once it holds three, the last ones drained after",
        ),
        valid(
            _SCALE
            + """
def main() -> None:
    bufs = [tr.zeros((256,)) for _ in range(6)]
    queue: list[tr.Pending] = []
    for t in bufs:
        queue.append(scale(t.partition((64,)), 2.0).submit())
        while len(queue) >= 2:
            queue.pop(0).wait()
    for pending in queue:
        pending.wait()
""",
            "a list used as a queue (`pop(0)`), the rest waited by a loop after",
        ),
        valid(
            _SCALE
            + """
def main() -> None:
    bufs = [tr.zeros((256,)) for _ in range(4)]
    pends = [scale(t.partition((64,)), 2.0).submit() for t in bufs]
    for i in range(len(pends) - 1):
        pends[i].wait()
    pends[-1].wait()
""",
            "every Pending but the last waited in a loop, the last one after it",
        ),
        valid(
            _SCALE
            + """
def main() -> None:
    bufs = [tr.zeros((256,)) for _ in range(4)]
    last = None
    for t in bufs:
        if last is not None:
            last.wait()
        last = scale(t.partition((64,)), 2.0).submit()
    if last is not None:
        last.wait()
""",
            "a Pending waited before the name holding it is rebound to the next one",
        ),
        valid(
            _SCALE
            + """
def main() -> None:
    bufs = [tr.zeros((256,)) for _ in range(4)]
    pends = []
    for t in bufs:
        pending = scale(t.partition((64,)), 2.0).submit()
        pends.append(pending)
    for pending in pends:
        pending.wait()
""",
            "the name is rebound each iteration, but the list keeps every Pending",
        ),
    ),
    "TC110": (
        valid(
            _SCALE
            + """
def bench(op: tr.Op) -> None:
    op.sync()


def main() -> None:
    h = tr.ones((256,))
    with tr.graph() as g:
        op = g.record(scale(h.partition((64,)), 2.0))
    g.launch().wait()
    g.launch().wait()
    g.close()
    print(op)
    bench(scale(h.partition((64,)), 1.0))
    bench(scale(h.partition((64,)), 1.0))
""",
            "a recorded op runs with its graph's launches; a helper that runs each op once",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            _SCALE
            + """
def main() -> None:
    bufs = [tr.zeros((256,)) for _ in range(6)]
    queue: deque[tr.Pending] = deque()
    for t in bufs:
        queue.append(scale(t.partition((64,)), 2.0).submit())
        if len(queue) > 2:
            queue.popleft().wait()
    print(bufs[-1].to_numpy()[0])  # TC102
    while queue:
        queue.popleft().wait()
""",
            "the window's last Pendings are still in flight after the loop: drain it first",
        ),
    ),
    "TC105": (
        invalid(
            _SCALE
            + """
class Act:
    def __init__(self) -> None:
        self.out = tr.zeros((256,))

    def forward(self) -> tr.Op:
        return scale(self.out.partition((64,)), 2.0)  # TC105


def main() -> None:
    Act().forward()
""",
            "an op a method returns, dropped by the caller: reported where it is made, as the "
            "runtime's warning says",
        ),
    ),
    "TC108": (
        invalid(
            _SCALE
            + """
def main() -> None:
    bufs = [tr.zeros((256,)) for _ in range(6)]
    queue: deque[tr.Pending] = deque()
    for t in bufs:
        queue.append(scale(t.partition((64,)), 2.0).submit())  # TC108
        if len(queue) > 2:
            queue.popleft().wait()
""",
            "a window of Pendings never drained: the last ones are never waited on",
        ),
        invalid(
            _SCALE
            + """
def main() -> None:
    bufs = [tr.zeros((256,)) for _ in range(4)]
    pends = [scale(t.partition((64,)), 2.0).submit() for t in bufs]  # TC108
    for i in range(len(pends) - 1):
        pends[i].wait()
""",
            "`range(len(pends) - 1)` leaves the last Pending unwaited",
        ),
        invalid(
            _SCALE
            + """
def main() -> None:
    bufs = [tr.zeros((256,)) for _ in range(4)]
    last = None
    for t in bufs:
        last = scale(t.partition((64,)), 2.0).submit()  # TC108
    if last is not None:
        last.wait()
""",
            "a Pending overwritten in a loop: only the last one is waited on",
        ),
    ),
    "TC110": (
        invalid(
            _SCALE
            + """
def main() -> None:
    h = tr.zeros((256,))
    with tr.graph() as g:
        op = g.record(scale(h.partition((64,)), 2.0))
    g.launch().wait()
    op.sync()  # TC110
    g.close()
""",
            "`g.record(op)` returns the op, which now runs only with the graph",
        ),
        invalid(
            _SCALE
            + """
def bench(op: tr.Op) -> None:
    op.sync()
    op.sync()  # TC110


def main() -> None:
    bench(scale(tr.ones((256,)).partition((64,)), 1.0))
""",
            "a helper runs the op it is given twice: reported in the helper, where it raises",
        ),
    ),
}
