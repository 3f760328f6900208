"""Examples of round 22N of issue 17 (containers of Pendings, partitions and ops kept by index or
key): a ping-pong list of Pendings drained by a loop that waits each slot's Pending before
reading the slot's buffer (silent: the Pending at ``pends[i]`` writes ``slots[i]`` alone);
rows taken by ``enumerate`` over a comprehension written in the loop's head (their base read
while a row is written: TC102); a dict comprehension of partitions popped by key (the one left
alive: TC104); a list of ops run by a loop, then zipped (TC110). The VALID ones run clean and
must stay silent; the INVALID ones are real errors (the interpreter raises)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_PINGPONG = """

def main() -> None:
    src = tr.ones((32,))
    bufs = [tr.zeros((32,)) for _ in range(2)]
    inflight: list[tr.Pending | None] = [None, None]
    for step in range(5):
        at = step % 2
        old = inflight[at]
        if old is not None:
            old.wait()
            print(bufs[at].to_numpy()[0])
        inflight[at] = copy(bufs[at].partition((8,)), src).submit()
    for j, job in enumerate(inflight):
        {drain}
"""

_ROWS = """

def main() -> None:
    table = tr.zeros((3, 32))
    for n, row in enumerate([table[r] for r in range(3)]):
        job = scale(row.partition((8,)), float(n)).submit()
        {body}
"""

_PARTS = """

def main() -> None:
    heads = {{"h0": tr.zeros((32,)), "h1": tr.zeros((32,)), "h2": tr.zeros((32,))}}
    tiles = {{h: buf.partition((8,)) for h, buf in heads.items()}}
    scale(tiles.pop("h1"), 1.0).sync()
    scale(tiles.pop("h0"), 2.0).sync()
    {rest}
    print(heads["h2"].to_numpy()[0]){mark}
"""

_PLAN = """

def main() -> None:
    src = tr.ones((32,))
    outs = [tr.zeros((32,)) for _ in range(3)]
    plan = [copy(o.partition((8,)), src) for o in outs]
    for step in plan:
        step.submit().wait()
    {again}
"""


def _case(shape: str, mark: str = "", **parts: str) -> str:
    return shape.format(mark=mark, **parts)


VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            _case(
                _PINGPONG,
                drain="if job is not None:\n            job.wait()\n"
                "            print(bufs[j].to_numpy()[0])",
            ),
            "a ping-pong list drained by index: each slot's Pending waited before its buffer "
            "is read",
        ),
        valid(
            _case(_ROWS, body="job.wait()\n        print(table.to_numpy()[n])"),
            "rows of a comprehension in the loop's head, each waited before the table is read",
        ),
    ),
    "TC104": (
        valid(
            _case(_PARTS, rest='scale(tiles.pop("h2"), 3.0).sync()'),
            "every partition of a dict comprehension popped by its key and consumed",
        ),
    ),
    "TC110": (
        valid(
            _case(
                _PLAN,
                again="plan = [scale(o.partition((8,)), 2.0) for o in outs]\n"
                "    tr.zip(*plan).sync()",
            ),
            "a list of ops run by a loop, then a new list of ops zipped",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            _case(
                _PINGPONG,
                drain="print(bufs[j].to_numpy()[0])  # TC102\n"
                "        if job is not None:\n            job.wait()",
            ),
            "a ping-pong list drained by index, each slot's buffer read before its Pending is "
            "waited",
            typed=False,  # items of a list: beyond the mypy plugin's types
        ),
        invalid(
            _case(
                _PINGPONG,
                drain="if job is not None:\n            job.wait()\n"
                "            print(bufs[1 - j].to_numpy()[0])  # TC102",
            ),
            "a drain that waits one slot's Pending and reads the other slot's buffer",
            typed=False,
        ),
        invalid(
            _case(_ROWS, body="print(table.to_numpy()[n])  # TC102\n        job.wait()"),
            "the table read while the step's row of it, taken by `enumerate` over a "
            "comprehension, is written",
            typed=False,
        ),
    ),
    "TC104": (
        invalid(
            _case(_PARTS, "  # TC104", rest="pass"),
            "two of three partitions of a dict comprehension popped: the third is alive when "
            "its tensor is read",
            typed=False,
        ),
    ),
    "TC110": (
        invalid(
            _case(_PLAN, again="tr.zip(*plan).sync()  # TC110"),
            "a list of ops each submitted by a loop, then zipped: every op already ran",
            typed=False,
        ),
        invalid(
            _case(
                _PLAN,
                again="plan = [scale(o.partition((8,)), 2.0) for o in outs]\n"
                "    plan[0].sync()\n    tr.zip(*plan).sync()  # TC110",
            ),
            "a list of ops whose first item was run, zipped whole",
            typed=False,
        ),
    ),
}
