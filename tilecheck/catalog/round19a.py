"""Examples of round 19A of issue 17 (the tenth held-out set's false alarms on correct
pipelining): a wait correlated with a flag (``done = True`` beside one wait, ``if not done:``
before the other), and double buffering whose names swap by tuple assignment while the
partitions are made by a helper (``halves(front)``: the returned partition borrows what
``front`` holds, so the swap renames it as it does ``front.partition(...)``). The VALID ones
run clean and must stay silent; the INVALID ones miss one wait (the interpreter raises at the
marked line)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_FLAG_ON_ONE_WAY = """

def main(eager: bool) -> None:
    out = tr.ones((32,))
    done = False
    job = scale(out.partition((8,)), 3.0).submit()
    if eager:
        job.wait()
        done = True
    print("between")
    if not done:
        {second}
    print(out.to_numpy().sum()){mark}
"""

_FLAG_WHERE_MADE = """

def main(n: int = 3) -> None:
    out = tr.ones((32,))
    pending = None
    synced = True
    if n > 2:
        pending = scale(out.partition((8,)), 2.0).submit()
        synced = False
    if not synced:
        {second}
    print(out.to_numpy().sum()){mark}
"""

_FLAG_IN_LOOP = """

def main() -> None:
    for step in range(3):
        buf = tr.ones((32,))
        flying = False
        p = scale(buf.partition((8,)), float(step)).submit()
        flying = True
        if step % 2 == 0:
            p.wait()
            flying = False
        if flying:
            {second}
        print(buf.to_numpy().sum()){mark}
"""

_SWAP_HELPER_PARTITION = """

def halves(t: Tensor[f32]) -> tr.Partition[f32]:
    return t.partition((16,))


def main() -> None:
    front, back = tr.ones((32,)), tr.ones((32,))
    on_front = scale(halves(front), 1.0).submit()
    for n in range(3):
        front, back = back, front
        on_back = on_front
        on_front = scale(halves(front), float(n)).submit(){mark}
        {second}
    on_front.wait()
"""

_SWAP_HELPER_PENDING = """

def start(t: Tensor[f32], by: float) -> tr.Pending:
    return scale(t.partition((8,)), by).submit()


def main() -> None:
    cur, nxt = tr.ones((32,)), tr.ones((32,))
    job_cur = start(cur, 1.0)
    job_nxt = None
    for n in range(3):
        cur, nxt = nxt, cur
        job_cur, job_nxt = job_nxt, job_cur
        job_cur = start(cur, float(n + 2)){mark}
        {second}
    job_cur.wait()
"""


def _case(shape: str, second: str, mark: str = "") -> str:
    return shape.replace("{second}", second).replace("{mark}", mark)


VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            _case(_FLAG_ON_ONE_WAY, "job.wait()"),
            "waited on one way, where a flag is set, and on the other where the flag says so",
        ),
        valid(
            _case(_FLAG_WHERE_MADE, "assert pending is not None\n        pending.wait()"),
            "submitted where a flag is cleared; waited where the flag is tested",
        ),
        valid(
            _case(_FLAG_IN_LOOP, "p.wait()"),
            "a flag set beside the submit and cleared beside one wait, in a loop",
        ),
        valid(
            _case(_SWAP_HELPER_PARTITION, "on_back.wait()\n        print(back.to_numpy().sum())"),
            "double buffering, names swapped, partitions made by a helper of the module",
        ),
        valid(
            _case(_SWAP_HELPER_PENDING, "job_nxt.wait()"),
            "double buffering, names and Pendings swapped, a helper submits",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            _case(_FLAG_ON_ONE_WAY, "pass", "  # TC102"),
            "the flag's way skips the wait: the other way reads in flight",
        ),
        invalid(
            _case(_FLAG_WHERE_MADE, "pass", "  # TC102"),
            "the flag tested, the wait left out",
        ),
        invalid(
            _case(_FLAG_IN_LOOP, "pass", "  # TC102"),
            "the flag set beside the submit, the wait left out",
        ),
        invalid(
            _case(_SWAP_HELPER_PARTITION, "pass", "  # TC102 TC108"),
            "the buffer swapped back in is partitioned again while its first op is in flight "
            "(and the Pending rebound unwaited)",
        ),
        invalid(
            _case(_SWAP_HELPER_PENDING, "pass", "  # TC102"),
            "the same with the helper submitting: the Pending swapped out is never waited",
        ),
    ),
}
