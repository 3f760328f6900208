"""Examples of round 36BF of issue 17: container items walked in forms other than a plain loop,
and loops whose trips a constant tells. A ``for`` over a display of reads (``for p in
(loads[s], readers[s]): if p is not None: p.wait()``) binds its target to each read in turn, as
``p = loads[s]`` then ``p = readers[s]`` would (``tilecheck.host.display_walks``); ``xs + ys``
and ``itertools.chain(xs, ys)`` walk every item of both lists (``tilecheck.host.cells``) and
change neither's length (``tilecheck.host.fixed_length``). A ``range`` of the module's
constants runs its body (``tilecheck.flow.trips.counted``, through
``tilecheck.host.scope_constants``), and one that stops short of a fixed-length list's end
waits all but its last items (``tilecheck.host.short_counts``). A conflict with an op an
earlier turn made (joined with this turn's) is only a may-conflict: the op's certain TC105 is
still reported. The VALID ones run clean and must stay silent; the INVALID ones are real
errors (the interpreter raises, or tilert warns, at the marked line)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_STAGING = """

def stage(chunks: list[float]) -> list[float]:
    staging = [tr.zeros((64,)) for _ in range(2)]
    outs = [tr.zeros((64,)) for _ in chunks]
    loads: list[tr.Pending | None] = [None, None]
    readers: list[tr.Pending | None] = [None, None]
    for step, value in enumerate(chunks):
        slot = step % 2
        for p in WAITED:
            if p is not None:
                p.wait()
        buf = staging[slot]
        loads[slot] = scale(buf.partition((16,)), value).submit()  # MARK
        readers[slot] = copy(outs[step].partition((16,)), buf).submit()
    for p in DRAINED:
        if p is not None:
            p.wait()
    return [float(o.to_numpy()[0]) for o in outs]
"""


def _staging(waited: str, drained: str, mark: str = "") -> str:
    body = _STAGING.replace("WAITED", waited).replace("DRAINED", drained)
    return body.replace("# MARK", f"# {mark}" if mark else "").replace("  \n", "\n")


VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            _staging("(loads[slot], readers[slot])", "loads + readers"),
            "a slot's fill and reader waited through a tuple of the two slot items, both lists"
            " drained through their concatenation",
        ),
        valid(
            _staging("[readers[slot], loads[slot]]", "itertools.chain(loads, readers)").replace(
                "\ndef stage", "\nimport itertools\n\n\ndef stage"
            ),
            "the slot items waited through a list display, the lists drained by itertools.chain",
        ),
        valid(
            """
N = 3


def main() -> None:
    outs = [tr.zeros((32,)) for _ in range(N)]
    pends = [scale(outs[i].partition((8,)), 2.0).submit() for i in range(N)]
    for i in range(N):
        pends[i].wait()
    print([float(o.to_numpy()[0]) for o in outs])
""",
            "a list of Pendings waited by a loop over a range of the module's constant",
        ),
        valid(
            """
REPS = 3


def bench() -> float:
    z = tr.zeros((32,))
    pending = scale(z.partition((8,)), 2.0).submit()
    for _ in range(REPS):
        pending.wait()
        pending = scale(z.partition((8,)), 2.0).submit()
        pending.wait()
    return float(z.to_numpy()[0])
""",
            "a Pending waited and made again in a loop a module constant makes run",
        ),
    ),
    "TC105": (
        valid(
            """

def serve(temps: list[float]) -> None:
    out = tr.zeros((32,))
    for t in temps:
        if t == 0.0:
            continue
        op = scale(out.partition((8,)), t)
        op.sync()
""",
            "an op made on the turns that go on, run on each of them",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            """
N = 3


def main() -> None:
    outs = [tr.zeros((32,)) for _ in range(N)]
    pends = [scale(outs[i].partition((8,)), 2.0).submit() for i in range(N)]
    for i in range(N - 1):
        pends[i].wait()
    print([float(o.to_numpy()[0]) for o in outs])  # TC102
    pends[-1].wait()
""",
            "a constant range one short of a fixed-length list of Pendings: the last in flight",
            typed=False,
        ),
        invalid(
            """

def main() -> None:
    hs = [tr.zeros((32,)) for _ in range(2)]
    gs = [tr.zeros((32,)) for _ in range(2)]
    ups: list[tr.Pending | None] = [None, None]
    downs: list[tr.Pending | None] = [None, None]
    for j in range(2):
        ups[j] = scale(hs[j].partition((8,)), 2.0).submit()
        downs[j] = scale(gs[j].partition((8,)), 3.0).submit()
    for p in ups + ups:
        if p is not None:
            p.wait()
    print([float(t.to_numpy()[0]) for t in hs + gs])  # TC102
""",
            "a concatenation that walks one list twice and the other never",
            typed=False,
        ),
    ),
    "TC103": (
        invalid(
            _staging("(loads[slot],)", "loads + readers", "TC103"),
            "a slot's fill waited through a one-item tuple, its reader not: the refill"
            " partitions a buffer a launch still reads",
            typed=False,
        ),
    ),
    "TC105": (
        invalid(
            """

def serve(temps: list[float]) -> int:
    out = tr.zeros((32,))
    done = 0
    for t in temps:
        if t == 0.0:
            done += 1
            continue
        op = scale(out.partition((8,)), t)  # TC102 TC105
    return done
""",
            "an op made and never run on the turns that go on: the may-conflict with an earlier"
            " turn's op does not hide its TC105",
            typed=False,
        ),
    ),
}
